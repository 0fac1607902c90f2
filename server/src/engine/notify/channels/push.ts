import { eq } from "drizzle-orm";
import type * as WebPush from "web-push";
import type { Db } from "../../../db/client.js";
import { pushSubscriptions } from "../../../db/schema.js";
import { loadVapidKeys, type VapidKeys } from "../../../services/push-subscriptions.js";
import type { Transport } from "../../fetch/transport.js";
import { type AlertPayload, alertSummary, alertText, alertTitle, compreiLink } from "../alert.js";
import { type AlertChannel, channelAnswer, defineChannel } from "./define-channel.js";

/** a Web Push destination in the outbox is `webpush:<push_subscriptions.id>` */
export const WEBPUSH = "webpush:";

/**
 * what the service worker shows, in the owner's language; a tap opens `url`, and with PUBLIC_URL
 * its "Comprei" button opens the app's new item filled from the monitor (`comprei`)
 */
export function pushMessage(alert: AlertPayload) {
  const text = alertText(alert.language);
  const comprei = compreiLink(alert);
  return {
    ...(comprei ? { comprei: { url: comprei, title: text.t("label.comprei") } } : {}),
    title: `${alertTitle(alert.kind, text)}: ${alert.productName}`.slice(0, 120),
    body: alertSummary(alert, text).slice(0, 300),
    url: alert.productUrl,
    icon: alert.imageUrl ?? undefined,
    tag: `produto-${alert.productId}`,
  };
}

/**
 * Web Push with VAPID (the web-push library builds the encrypted aes128gcm request; our transport
 * sends it, with its deadline and address checks). A subscription the push service calls gone
 * (404/410) is deleted.
 */
export function createWebPushChannel(o: {
  db: Db;
  transport: Transport;
  keys: VapidKeys;
  /** the contact the push services may use: a mailto: or https: URL */
  subject: string;
  timeoutMs?: number;
}): AlertChannel {
  return {
    handles: (destination) => destination.startsWith(WEBPUSH),
    async send(destination, alert, { key }) {
      const id = Number(destination.slice(WEBPUSH.length));
      const [sub] = await o.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      if (!sub) return channelAnswer(410, "subscrição removida");
      let request: ReturnType<typeof WebPush.generateRequestDetails>;
      const { default: webpush } = await import("web-push");
      try {
        request = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          JSON.stringify(pushMessage(alert)),
          {
            vapidDetails: { subject: o.subject, publicKey: o.keys.publicKey, privateKey: o.keys.privateKey },
            TTL: 24 * 3600,
            contentEncoding: "aes128gcm",
            urgency: "high",
            // a repeat of this delivery still waiting at the push service replaces the first
            ...(key ? { topic: key } : {}),
          },
        );
      } catch {
        // keys no alert can ever be encrypted with (stored before they were checked): the
        // subscription goes, and the alert is not retried
        await o.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
        return channelAnswer(410, "chave do dispositivo inválida; subscrição removida");
      }
      const res = await o.transport.send(request.endpoint, {
        method: "POST",
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
        ),
        body: request.body ?? undefined,
        timeoutMs: o.timeoutMs ?? 10_000,
        maxRedirects: 0,
      });
      if (res.status === 404 || res.status === 410) {
        await o.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      }
      return res;
    },
  };
}

/** Web Push: each device the owner allowed (always open: the server makes its own VAPID keys) */
export const push = defineChannel({
  key: "push",
  prefix: WEBPUSH,
  destinationsSql: `select 'webpush:' || ps.id as destination from push_subscriptions ps
    where ps.user_id = u.user_id`,
  needsSetup: false,
  open: async ({ db, transport, config }) =>
    createWebPushChannel({
      db,
      transport,
      keys: await loadVapidKeys(db),
      subject: config.vapidSubject ?? "mailto:stock-monitor@localhost",
    }),
});
