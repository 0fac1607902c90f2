import { randomBytes } from "node:crypto";
import { normalizeUsername } from "@common/schemas/users.js";
import type { Conn } from "../db/client.js";
import { loginDevicesRepository as devices } from "../repositories/login-devices.js";
import { hashToken } from "./sessions.js";

/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a successful
 * login leaves a random token on the browser, and the server keeps its sha256 with the user. An
 * attempt that brings the token of a device of the username it names skips the slow-down queue
 * that strangers' guesses fill; it is still counted like any attempt. A device whose attempts
 * fail MAX_FAILURES times in a row is no longer trusted, so a stolen cookie skips the queue for a
 * few guesses at most; the owner's next successful login trusts the device again.
 */
export const DEVICE_COOKIE = "sm_device";
export const DEVICE_TTL_MS = 365 * 24 * 3_600_000;
const MAX_FAILURES = 3;
/** devices kept per user, the most recently used */
const KEEP_PER_USER = 20;

export interface KnownDevice {
  id: string;
  /** the attempt names this device's user */
  trusted: boolean;
}

/** the device a cookie names, when its user is the one `usernameKey` names */
export async function knownDevice(
  conn: Conn,
  token: string | undefined,
  usernameKey: string,
): Promise<KnownDevice | null> {
  if (!token || token.length > 100) return null;
  const row = await devices.find(conn, hashToken(token));
  if (!row || normalizeUsername(row.username).toLowerCase() !== usernameKey) return null;
  return { id: row.id, trusted: row.failures < MAX_FAILURES };
}

/** after a successful login: the device's token to set (a new one when the browser had none) */
export async function deviceLoggedIn(
  conn: Conn,
  userId: number,
  device: KnownDevice | null,
): Promise<string | null> {
  if (device) {
    await devices.succeeded(conn, device.id);
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await devices.add(conn, hashToken(token), userId, KEEP_PER_USER);
  return token;
}

export const deviceFailed = (conn: Conn, device: KnownDevice) => devices.failed(conn, device.id);

export const pruneDevices = (conn: Conn, now = Date.now()) =>
  devices.pruneUnusedSince(conn, new Date(now - DEVICE_TTL_MS));
