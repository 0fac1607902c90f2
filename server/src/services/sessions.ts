import { createHash, randomBytes } from "node:crypto";
import type { Conn } from "../db/client.js";
import type { UserRow } from "../repositories/users.js";
import { sessionsRepository } from "../repositories/sessions.js";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createSession(db: Conn, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await sessionsRepository.insert(db, { id: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
}

/** the session of a cookie's token with its user, or null (unknown or expired) */
export async function findSession(db: Conn, token: string): Promise<SessionUser | null> {
  return (await sessionsRepository.findLiveWithUser(db, hashToken(token), new Date())) ?? null;
}

export async function deleteSession(db: Conn, token: string): Promise<void> {
  await sessionsRepository.delete(db, hashToken(token));
}

export async function deleteExpiredSessions(db: Conn): Promise<void> {
  await sessionsRepository.deleteExpired(db, new Date());
}

/** after a password change: every session of the user ends but the one that made the change */
export async function deleteOtherSessions(db: Conn, userId: number, keepToken?: string): Promise<void> {
  await sessionsRepository.deleteForUser(db, userId, keepToken ? hashToken(keepToken) : undefined);
}
