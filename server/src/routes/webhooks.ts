import {
  type TelegramChats,
  telegramChatsRequestSchema,
  telegramChatsSchema,
} from "@common/schemas/telegram.js";
import {
  type WebhookTestResult,
  webhookTestResultSchema,
  webhookTestSchema,
} from "@common/schemas/webhooks.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { OnDemandRefusal } from "../engine/handle.js";
import { badRequest } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { assertWebhookShape } from "../services/webhook-url.js";
import { getUserSettings } from "../services/settings.js";

/**
 * "Testar webhook": one test message to the address in the field (saved or not), sent the way alerts
 * are (the notifier's POST, total deadline and address guard), answered with what happened.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/webhooks/test",
    {
      schema: { body: webhookTestSchema, response: { 200: webhookTestResultSchema } },
      // each test posts to an address the caller chose: 5 a minute per user, so it cannot spam one
      config: perUserPerMinute("webhook-test", 5),
    },
    async (request): Promise<WebhookTestResult> => {
      const user = currentUser(request);
      const { url } = request.body;
      // a product webhook's rules: https and no literal private address or local name here; the
      // transport resolves the name, refuses private answers and connects to the address it checked
      assertWebhookShape(url, app.config.allowPrivateWebhooks, "url");
      // the test message and what became of it in the user's language (Settings → Utilizador)
      const { language } = await getUserSettings(app.db, user.id);
      try {
        return await app.onDemand.testWebhook(url, language);
      } catch (error) {
        if (!(error instanceof OnDemandRefusal)) throw error;
        throw badRequest(error.message, [{ path: "url", message: error.detail ?? error.message }]);
      }
    },
  );

  // the Telegram setup helper: the conversations a bot has seen, so the user picks one instead of
  // typing the Bot API address; the token goes to Telegram only (never stored here)
  app.post(
    "/api/telegram/chats",
    {
      schema: { body: telegramChatsRequestSchema, response: { 200: telegramChatsSchema } },
      config: perUserPerMinute("telegram-chats", 10),
    },
    async (request): Promise<TelegramChats> => {
      currentUser(request);
      try {
        return await app.onDemand.telegramChats(request.body.token);
      } catch (error) {
        if (!(error instanceof OnDemandRefusal)) throw error;
        throw badRequest(error.message, [{ path: "token", message: error.detail ?? error.message }]);
      }
    },
  );
};
