import {
  type WebhookTestResult,
  webhookTestResultSchema,
  webhookTestSchema,
} from "@common/schemas/webhooks.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Transport } from "../engine/fetch/transport.js";
import { postToWebhook } from "../engine/notify/deliver.js";
import {
  describeTestAnswer,
  describeTestFailure,
  testMessageRequest,
} from "../engine/notify/test-message.js";
import { CheckFailure, RefusedAddress } from "../engine/platforms/types.js";
import { badRequest } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { assertWebhookShape } from "../services/products.js";
import { getUserSettings } from "../services/settings.js";

/**
 * "Testar webhook": one test message to the address in the field (saved or not), sent the way alerts
 * are (the notifier's POST, total deadline and address guard), answered with what happened.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeoutMs = app.config.webhookTimeoutMs;
  const transport = new Transport({
    redirects: app.config.monitorRedirect,
    allowPrivate: app.config.allowPrivateWebhooks,
  });
  // closing the server does not wait on a webhook that hangs: its test ends as a timeout
  const closing = new AbortController();
  app.addHook("preClose", async () => {
    closing.abort();
  });
  app.addHook("onClose", () => transport.destroy());

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
        const res = await postToWebhook(
          transport,
          testMessageRequest(url, new Date(), language),
          timeoutMs,
          closing.signal,
        );
        return describeTestAnswer(res, language);
      } catch (error) {
        const failure = error instanceof CheckFailure ? error : new CheckFailure("network", String(error));
        if (failure instanceof RefusedAddress) {
          throw badRequest(`Webhook: ${failure.message}`, [{ path: "url", message: failure.message }]);
        }
        return describeTestFailure(failure, timeoutMs, language);
      }
    },
  );
};
