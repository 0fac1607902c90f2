import { and, count, eq } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { pushSubscriptions } from "../db/schema.js";
import { badRequest } from "../http-error.js";

/** enough for every phone, tablet and browser a reseller uses; more is a script */
const MAX_DEVICES = 20;

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** keeps a device's subscription; the same browser subscribing again keeps one row, now this user's */
export async function savePushSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<void> {
  const { endpoint, keys } = input;
  await db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    if (n >= MAX_DEVICES) throw badRequest(`No máximo ${MAX_DEVICES} dispositivos com notificações push`);
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: keys.p256dh, auth: keys.auth },
      });
  });
}

export async function removePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}
