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

export async function countAdmins(db: Conn): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, "admin"));
  return row.n;
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
