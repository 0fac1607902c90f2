import { randomBytes } from "node:crypto";
import type { PublicUser, Role } from "@common/schemas/auth.js";
import { count, eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { users } from "../db/schema.js";
import { hashPassword } from "./passwords.js";

export type UserRow = typeof users.$inferSelect;

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    fullName: u.fullName,
    email: u.email,
    avatar: u.avatar,
    role: u.role === "admin" ? "admin" : "user",
    monitorLimit: u.monitorLimit,
    createdAt: u.createdAt.toISOString(),
  };
}

/**
 * The number of admins, locking their rows until the transaction ends: two admins demoting or
 * deleting each other at once are serialized, and the second sees that only one is left. Call it
 * first in the transaction (before locking the target row), so two such transactions lock in the
 * same order and never deadlock.
 */
export async function countAdminsLocked(tx: Conn): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(users.id)
    .for("update");
  return rows.length;
}

/**
 * First start with an empty database: create `admin`. Returns the generated password when none
 * was configured, so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Conn,
  configuredPassword: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [row] = await db.select({ n: count() }).from(users);
  if (row.n > 0) return { created: false };
  const password = configuredPassword ?? randomBytes(12).toString("base64url");
  const role: Role = "admin";
  await db
    .insert(users)
    .values({ username: "admin", passwordHash: await hashPassword(password), role, monitorLimit: 100 })
    .onConflictDoNothing();
  return { created: true, generatedPassword: configuredPassword ? undefined : password };
}
