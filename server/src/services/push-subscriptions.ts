import { createECDH } from "node:crypto";
import type { Db } from "../db/client.js";
import { badRequest, conflict } from "../http-error.js";
import { pushSubscriptionsRepository } from "../repositories/push-subscriptions.js";
import { settingsRepository } from "../repositories/settings.js";

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
    const value = await settingsRepository.findVapidKeys(db);
    return (typeof value === "string" ? JSON.parse(value) : value) as VapidKeys | undefined;
  };
  const existing = await read();
  if (existing) return existing;
  // web-push is loaded only here and by the push channel's deliveries, not by every start
  const { default: webpush } = await import("web-push");
  await settingsRepository.addVapidKeysUnlessSet(db, webpush.generateVAPIDKeys());
  return (await read()) as VapidKeys;
}

/** enough for every phone, tablet and browser a reseller uses; more is a script */
const MAX_DEVICES = 20;

export interface PushSubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export const INVALID_DEVICE_KEY = "Chave do dispositivo inválida";

/**
 * p256dh is the device's P-256 public key, uncompressed (65 bytes, 0x04 first) and on the curve;
 * auth is 16 bytes. A key that is not would make every alert to the device fail to encrypt.
 */
export function isValidPushKeys(keys: PushSubscriptionInput["keys"]): boolean {
  const point = Buffer.from(keys.p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 0x04) return false;
  if (Buffer.from(keys.auth, "base64url").length !== 16) return false;
  const ours = createECDH("prime256v1");
  ours.generateKeys();
  try {
    ours.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps a device's subscription: the same browser subscribing again updates its keys (and needs
 * no free place). An endpoint is one user's for good: another account asking for it is refused,
 * so nobody can take a device's alerts away from its owner. The user's row is locked while the
 * devices are counted, so parallel requests cannot pass the cap together.
 */
export async function savePushSubscription(
  db: Db,
  userId: number,
  input: PushSubscriptionInput,
): Promise<void> {
  const { endpoint, keys } = input;
  if (!isValidPushKeys(keys)) {
    throw badRequest(INVALID_DEVICE_KEY, [{ path: "keys.p256dh", message: INVALID_DEVICE_KEY }]);
  }
  const row = { userId, endpoint, p256dh: keys.p256dh, auth: keys.auth };
  await db.transaction(async (tx) => {
    await pushSubscriptionsRepository.lockUser(tx, userId);
    const owner = await pushSubscriptionsRepository.ownerOf(tx, endpoint);
    if (owner === userId) {
      await pushSubscriptionsRepository.updateKeys(tx, row);
      return;
    }
    if (owner !== null) throw conflict(TAKEN);
    const devices = await pushSubscriptionsRepository.countForUser(tx, userId);
    if (devices >= MAX_DEVICES)
      throw badRequest(`No máximo ${MAX_DEVICES} dispositivos com notificações push`);
    // another account subscribing the same endpoint at this instant: the unique index decides
    if (!(await pushSubscriptionsRepository.insertNew(tx, row))) throw conflict(TAKEN);
  });
}

const TAKEN = "Este dispositivo já recebe as notificações de outra conta";

export async function removePushSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await pushSubscriptionsRepository.delete(db, userId, endpoint);
}
