import { createHash, randomBytes } from "node:crypto";
import type { SessionInfo } from "@common/schemas/auth.js";
import Bowser from "bowser";
import type { Conn } from "../db/client.js";
import { notFound } from "../http-error.js";
import type { UserRow } from "../repositories/users.js";
import { type SessionRow, sessionsRepository } from "../repositories/sessions.js";

export const SESSION_COOKIE = "sid";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** "last seen" is written at most this often per session */
export const SESSION_TOUCH_EVERY_MS = 5 * 60 * 1000;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** where a session was opened: kept to name the device in "my sessions" */
export interface SessionOrigin {
  userAgent?: string | null;
  ip?: string | null;
}

export async function createSession(
  db: Conn,
  userId: number,
  origin: SessionOrigin = {},
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await sessionsRepository.insert(db, {
    id: hashToken(token),
    userId,
    expiresAt,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
    ip: origin.ip ?? null,
  });
  return { token, expiresAt };
}

export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** the session of a cookie's token with its user, or null (unknown, expired or account disabled) */
export async function findSession(db: Conn, token: string): Promise<SessionUser | null> {
  return (await sessionsRepository.findLiveWithUser(db, hashToken(token), new Date())) ?? null;
}

export async function touchSession(db: Conn, token: string, ip: string | null): Promise<void> {
  await sessionsRepository.touch(db, hashToken(token), ip, SESSION_TOUCH_EVERY_MS);
}

export async function deleteSession(db: Conn, token: string): Promise<void> {
  await sessionsRepository.delete(db, hashToken(token));
}

export async function deleteExpiredSessions(db: Conn): Promise<void> {
  await sessionsRepository.deleteExpired(db, new Date());
}

/** after a password change: every session of the user ends but the one that made the change */
export async function deleteOtherSessions(db: Conn, userId: number, keepToken?: string): Promise<number> {
  return sessionsRepository.deleteForUser(db, userId, keepToken ? hashToken(keepToken) : undefined);
}

function describeDevice(userAgent: string | null): Pick<SessionInfo, "browser" | "os" | "device"> {
  if (!userAgent) return { browser: null, os: null, device: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split(".")[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(" ") : null;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(" ") : null;
  const type = parsed.platform.type;
  const device = type === "mobile" || type === "tablet" || type === "desktop" ? type : "unknown";
  return { browser, os, device };
}

function toSessionInfo(row: SessionRow, currentId: string | null): SessionInfo {
  return {
    id: row.publicId,
    ...describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentId,
  };
}

/** "as minhas sessões": the user's signed-in devices, the one asking marked */
export async function listOwnSessions(
  db: Conn,
  userId: number,
  currentToken: string | undefined,
): Promise<SessionInfo[]> {
  const rows = await sessionsRepository.listLiveForUser(db, userId, new Date());
  const currentId = currentToken ? hashToken(currentToken) : null;
  return rows.map((row) => toSessionInfo(row, currentId));
}

/** ends one of the user's own sessions; someone else's id answers 404 like a missing one */
export async function endOwnSession(db: Conn, userId: number, publicId: string): Promise<void> {
  if (!(await sessionsRepository.deleteByPublicId(db, userId, publicId))) {
    throw notFound("Sessão não encontrada");
  }
}
