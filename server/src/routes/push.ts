import { okAnswerSchema } from "@common/schemas/answers.js";
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from "@common/schemas/push.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest } from "../http-error.js";
import { checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { currentUser } from "../plugins/auth.js";
import {
  loadVapidKeys,
  removePushSubscription,
  savePushSubscription,
} from "../services/push-subscriptions.js";

/** Web Push: the server's public key, and the devices on which the user allowed notifications */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/push/key", { schema: { response: { 200: pushKeySchema } } }, async () => ({
    publicKey: (await loadVapidKeys(app.db)).publicKey,
  }));

  app.put(
    "/api/push/subscription",
    { schema: { body: pushSubscriptionSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const me = currentUser(request);
      const { endpoint } = request.body;
      if (!app.config.allowPrivateWebhooks) {
        try {
          checkUrlShape(endpoint, { httpsOnly: true });
        } catch (error) {
          if (error instanceof UnsafeUrlError) throw badRequest(`Subscrição: ${error.message}`);
          throw error;
        }
      }
      await savePushSubscription(app.db, me.id, request.body);
      return { ok: true };
    },
  );

  app.delete(
    "/api/push/subscription",
    { schema: { body: pushUnsubscribeSchema, response: { 200: okAnswerSchema } } },
    async (request) => {
      const me = currentUser(request);
      await removePushSubscription(app.db, me.id, request.body.endpoint);
      return { ok: true };
    },
  );
};
