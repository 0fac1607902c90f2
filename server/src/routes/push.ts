import { pushSubscriptionSchema, pushUnsubscribeSchema } from "@common/schemas/push.js";
import { and, count, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pushSubscriptions } from "../db/schema.js";
import { loadVapidKeys } from "../engine/notify/web-push.js";
import { badRequest } from "../http-error.js";
import { checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { currentUser } from "../plugins/auth.js";

/** enough for every phone, tablet and browser a reseller uses; more is a script */
const MAX_DEVICES = 20;

/** Web Push: the server's public key, and the devices on which the user allowed notifications */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/push/key", async () => ({ publicKey: (await loadVapidKeys(app.db)).publicKey }));

  app.put("/api/push/subscription", { schema: { body: pushSubscriptionSchema } }, async (request) => {
    const me = currentUser(request);
    const { endpoint, keys } = request.body;
    if (!app.config.allowPrivateWebhooks) {
      try {
        checkUrlShape(endpoint, { httpsOnly: true });
      } catch (error) {
        if (error instanceof UnsafeUrlError) throw badRequest(`Subscrição: ${error.message}`);
        throw error;
      }
    }
    return app.db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, me.id));
      if (n >= MAX_DEVICES) throw badRequest(`No máximo ${MAX_DEVICES} dispositivos com notificações push`);
      // the same browser subscribing again (or for another account) keeps one row, now this user's
      await tx
        .insert(pushSubscriptions)
        .values({ userId: me.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: me.id, p256dh: keys.p256dh, auth: keys.auth },
        });
      return { ok: true };
    });
  });

  app.delete("/api/push/subscription", { schema: { body: pushUnsubscribeSchema } }, async (request) => {
    const me = currentUser(request);
    await app.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, me.id), eq(pushSubscriptions.endpoint, request.body.endpoint)));
    return { ok: true };
  });
};
