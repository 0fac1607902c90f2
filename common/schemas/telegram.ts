import { z } from "../zod-pt.js";

/** a bot token as @BotFather gives it: the bot's number, a colon, then its secret */
export const TELEGRAM_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{10,100}$/;

/** POST /api/telegram/chats: the bot whose conversations to look up */
export const telegramChatsRequestSchema = z.object({
  token: z
    .string({ error: "Token do bot obrigatório" })
    .trim()
    .min(1, "Token do bot obrigatório")
    .regex(TELEGRAM_TOKEN, "Token do bot inválido: tem a forma 123456789:AAH…"),
});
export type TelegramChatsRequest = z.input<typeof telegramChatsRequestSchema>;

export const TELEGRAM_CHAT_KINDS = ["private", "group", "supergroup", "channel"] as const;

/** a conversation the bot has seen: a person who sent it /start, a group or a channel it is in */
export const telegramChatSchema = z.object({
  /** Telegram's chat id, as text (groups' ids are large negative numbers) */
  id: z.string(),
  title: z.string(),
  kind: z.enum(TELEGRAM_CHAT_KINDS),
});
export type TelegramChat = z.infer<typeof telegramChatSchema>;

/** what the lookup found; `message` says why nothing was found, in Portuguese */
export const telegramChatsSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** the bot's @username when the token is valid */
  bot: z.string().nullable(),
  chats: z.array(telegramChatSchema),
});
export type TelegramChats = z.infer<typeof telegramChatsSchema>;

/** the webhook address alerts to this chat are posted to (the Telegram channel reads it) */
export const telegramWebhookUrl = (token: string, chatId: string): string =>
  `https://api.telegram.org/bot${token.trim()}/sendMessage?chat_id=${encodeURIComponent(chatId)}`;
