import { eq, sql } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client.js";
import { pushSubscriptions } from "../../db/schema.js";
import type { Transport } from "../fetch/transport.js";
import { type AlertPayload, alertSummary, alertText, alertTitle } from "./alert.js";
import { type AlertChannel, channelAnswer } from "./channel.js";

/** a Web Push destination in the outbox is `webpush:<push_subscriptions.id>` */
export const WEBPUSH = "webpush:";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair: made at first start and kept in app_settings, so subscriptions made
 * against it stay valid across restarts; several processes starting together keep the first one.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => {
    const result = await db.execute(sql`select value from app_settings where key = 'vapid'`);
    const row = (result as unknown as { rows: { value: unknown }[] }).rows[0];
    if (!row) return null;
    return (typeof row.value === "string" ? JSON.parse(row.value) : row.value) as VapidKeys;
  };
  const existing = await read();
  if (existing) return existing;
  const keys = webpush.generateVAPIDKeys();
  await db.execute(sql`insert into app_settings (key, value) values ('vapid', ${JSON.stringify(keys)}::jsonb)
    on conflict (key) do nothing`);
  return (await read()) as VapidKeys;
}

/** what the service worker shows, in the owner's language; a tap opens `url` */
export function pushMessage(alert: AlertPayload) {
  const text = alertText(alert.language);
  return {
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
    async send(destination, alert) {
      const id = Number(destination.slice(WEBPUSH.length));
      const [sub] = await o.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
      if (!sub) return channelAnswer(410, "subscrição removida");
      const request = webpush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(pushMessage(alert)),
        {
          vapidDetails: { subject: o.subject, publicKey: o.keys.publicKey, privateKey: o.keys.privateKey },
          TTL: 24 * 3600,
          contentEncoding: "aes128gcm",
          urgency: "high",
        },
      );
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
