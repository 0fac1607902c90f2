import { TELEGRAM_CHAT_KINDS, type TelegramChat, type TelegramChats } from "@common/schemas/telegram.js";
import type { Transport } from "../fetch/transport.js";
import { CheckFailure, RefusedAddress } from "../platforms/types.js";

const API = "https://api.telegram.org";

interface BotAnswer {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
}

type RawChat = {
  id?: number | string;
  type?: string;
  title?: string;
  first_name?: string;
  last_name?: string;
  username?: string;
};

const failed = (message: string, bot: string | null = null): TelegramChats => ({
  ok: false,
  message,
  bot,
  chats: [],
});

/** a chat's name as Telegram shows it: a group's title, else the person's name or @username */
function chatOf(raw: RawChat | undefined): TelegramChat | null {
  if (!raw || raw.id === undefined || !(TELEGRAM_CHAT_KINDS as readonly string[]).includes(raw.type ?? ""))
    return null;
  const name = [raw.first_name, raw.last_name].filter(Boolean).join(" ");
  const title = raw.title || name || (raw.username ? `@${raw.username}` : String(raw.id));
  return { id: String(raw.id), title: title.slice(0, 200), kind: raw.type as TelegramChat["kind"] };
}

/**
 * The Telegram setup helper: with the bot's token, asks Telegram who the bot is (getMe) and which
 * conversations it has seen lately (getUpdates: whoever sent it /start, the groups and channels it
 * was added to), newest first. Both requests go through the webhooks' transport (address guard, no
 * redirect) within one total deadline. Telegram keeps updates for 24 hours, and getUpdates does not
 * work while the bot has a webhook of its own: both are said in Portuguese.
 */
export async function findTelegramChats(
  transport: Transport,
  token: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<TelegramChats> {
  const deadline = Date.now() + timeoutMs;
  const call = async (method: string, body: object): Promise<{ status: number; answer: BotAnswer }> => {
    const res = await transport.send(`${API}/bot${token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      timeoutMs: Math.max(1, deadline - Date.now()),
      signal,
      maxRedirects: 0,
    });
    try {
      return { status: res.status, answer: JSON.parse(res.body) as BotAnswer };
    } catch {
      return { status: res.status, answer: {} };
    }
  };
  try {
    const me = await call("getMe", {});
    if (me.status === 401 || me.status === 404)
      return failed("O Telegram não reconhece este token: copie-o de novo do @BotFather");
    const username = (me.answer.result as { username?: string } | undefined)?.username;
    if (me.status !== 200 || !me.answer.ok || !username)
      return failed("O Telegram respondeu de forma inesperada");
    const bot = `@${username}`;
    const updates = await call("getUpdates", {
      limit: 100,
      allowed_updates: ["message", "channel_post", "my_chat_member"],
    });
    if (updates.status === 409)
      return failed(
        "Este bot tem um webhook próprio, que impede de ler as conversas: remova-o (deleteWebhook) e procure de novo",
        bot,
      );
    if (updates.status !== 200 || !updates.answer.ok || !Array.isArray(updates.answer.result))
      return failed("O Telegram respondeu de forma inesperada", bot);
    const chats = new Map<string, TelegramChat>();
    for (const update of [...(updates.answer.result as Record<string, { chat?: RawChat }>[])].reverse()) {
      const raw = update.message?.chat ?? update.channel_post?.chat ?? update.my_chat_member?.chat;
      const chat = chatOf(raw);
      if (chat && !chats.has(chat.id)) chats.set(chat.id, chat);
    }
    if (chats.size === 0)
      return failed(
        "Nenhuma conversa encontrada: envie /start ao bot (ou uma mensagem no grupo onde o adicionou) e procure de novo",
        bot,
      );
    return { ok: true, message: "", bot, chats: [...chats.values()] };
  } catch (error) {
    if (error instanceof RefusedAddress) throw error;
    if (error instanceof CheckFailure && error.reason === "timeout")
      return failed("O Telegram não respondeu a tempo");
    return failed("Não foi possível contactar o Telegram");
  }
}
