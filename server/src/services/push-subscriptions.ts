import type { Db } from "../db/client.js";
import { badRequest } from "../http-error.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";

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
    const devices = await pushSubscriptionsRepository.countForUser(tx, userId);
    if (devices >= MAX_DEVICES)
      throw badRequest(`No máximo ${MAX_DEVICES} dispositivos com notificações push`);
    await pushSubscriptionsRepository.save(tx, { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
  });
}

export async function removePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await pushSubscriptionsRepository.delete(db, userId, endpoint);
}
