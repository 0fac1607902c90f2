import { randomBytes } from "node:crypto";
import type { PublicUser, Role } from "@common/schemas/auth.js";
import {
  type createUserSchema,
  normalizeUsername,
  type updateProfileSchema,
  type updateUserSchema,
} from "@common/schemas/users.js";
import type { z } from "zod";
import type { Conn } from "../db/client.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { type UserRow, usersRepository } from "../repositories/users.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { deleteOtherSessions } from "./sessions.js";

export type { UserRow };

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
    disabledAt: u.disabledAt?.toISOString() ?? null,
    twoFactorEnabled: u.totpSecret !== null,
    hiddenFromRanking: u.hiddenFromRanking,
  };
}

/**
 * The number of admins who can sign in (not disabled), locking their rows until the transaction ends: two admins demoting or
 * deleting each other at once are serialized, and the second sees that only one is left. Call it
 * first in the transaction (before locking the target row), so two such transactions lock in the
 * same order and never deadlock.
 */
export async function countAdminsLocked(tx: Conn): Promise<number> {
  return (await usersRepository.lockAdmins(tx)).length;
}

/**
 * First start with an empty database: create `admin`. Returns the generated password when none
 * was configured, so the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Conn,
  configuredPassword: string | undefined,
): Promise<{ created: boolean; generatedPassword?: string }> {
  if ((await usersRepository.count(db)) > 0) return { created: false };
  const password = configuredPassword ?? randomBytes(12).toString("base64url");
  const role: Role = "admin";
  await usersRepository.insertUnlessTaken(db, {
    username: "admin",
    passwordHash: await hashPassword(password),
    role,
    monitorLimit: 100,
  });
  return { created: true, generatedPassword: configuredPassword ? undefined : password };
}

const LAST_ADMIN = "Não é possível remover o último administrador";
const LAST_ADMIN_DISABLE = "Não é possível desativar o último administrador";

/** the account a login names: usernames compare ignoring case and Unicode form */
export async function findUserForLogin(db: Conn, username: string): Promise<UserRow | undefined> {
  return usersRepository.findByUsernameIgnoringCase(db, normalizeUsername(username));
}

/** a user's own profile: name, e-mail and avatar only (role and limit are an admin's) */
export async function updateOwnProfile(
  db: Conn,
  userId: number,
  input: z.output<typeof updateProfileSchema>,
): Promise<PublicUser> {
  const { fullName, email, avatar } = input;
  const updated = await usersRepository.update(db, userId, {
    fullName,
    email,
    ...(avatar !== undefined ? { avatar } : {}),
  });
  return toPublicUser(updated);
}

export async function listUsers(db: Conn): Promise<PublicUser[]> {
  const rows = await usersRepository.listAll(db);
  return rows.map(toPublicUser);
}

export async function createUser(db: Conn, input: z.output<typeof createUserSchema>): Promise<PublicUser> {
  const { password, ...rest } = input;
  const created = await usersRepository.insertUnlessTaken(db, {
    ...rest,
    avatar: rest.avatar ?? null,
    passwordHash: await hashPassword(password),
  });
  if (!created) throw conflict("Nome de utilizador já existe");
  return toPublicUser(created);
}

/**
 * An admin's change to a user. The last admin who can sign in is never demoted or disabled, and
 * an admin never disables themself. A new password or a disabled account ends the user's sessions
 * (`keepSession`: the token of the admin's own session, kept when they change their own password).
 */
export async function updateUser(
  db: Conn,
  id: number,
  input: z.output<typeof updateUserSchema>,
  actor: { id: number; session: string | undefined },
): Promise<PublicUser> {
  const { password, disabled, ...changes } = input;
  if (disabled && id === actor.id) throw badRequest("Não pode desativar a própria conta");
  return db.transaction(async (tx) => {
    const admins = await countAdminsLocked(tx);
    const target = await usersRepository.lockById(tx, id);
    if (!target) throw notFound("Utilizador não encontrado");
    const countsAsAdmin = target.role === "admin" && !target.disabledAt;
    if (countsAsAdmin && admins <= 1) {
      if (changes.role === "user") throw badRequest(LAST_ADMIN);
      if (disabled) throw badRequest(LAST_ADMIN_DISABLE);
    }
    const disabling = disabled === true && !target.disabledAt;
    const values = {
      ...changes,
      ...(password ? { passwordHash: await hashPassword(password) } : {}),
      ...(disabling ? { disabledAt: new Date() } : {}),
      ...(disabled === false && target.disabledAt ? { disabledAt: null } : {}),
    };
    if (Object.keys(values).length === 0) return toPublicUser(target);
    const updated = await usersRepository.update(tx, id, values);
    if (disabling) await deleteOtherSessions(tx, id);
    else if (password) await deleteOtherSessions(tx, id, id === actor.id ? actor.session : undefined);
    return toPublicUser(updated);
  });
}

/** an admin's reset: a new random password, answered once; the user's sessions end */
export async function resetPassword(
  db: Conn,
  id: number,
  actor: { id: number; session: string | undefined },
) {
  const password = generatePassword();
  await updateUser(db, id, { password }, actor);
  return { password };
}

/** 12 characters without look-alikes (0/O, 1/l/I), easy to read out or type from a phone */
function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** Perfil: the user's own new password, proven by the current one; their other sessions end */
export async function changeOwnPassword(
  db: Conn,
  user: UserRow,
  input: { currentPassword: string; newPassword: string },
  keepSession: string | undefined,
): Promise<void> {
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
    throw badRequest("A password atual está incorreta", [
      { path: "currentPassword", message: "A password atual está incorreta" },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await usersRepository.update(tx, user.id, { passwordHash });
    await deleteOtherSessions(tx, user.id, keepSession);
  });
}

/** an admin deletes a user (never themselves, never the last admin); their data goes with them */
export async function deleteUser(db: Conn, id: number, actorId: number): Promise<void> {
  if (id === actorId) throw badRequest("Não pode excluir a própria conta");
  await db.transaction(async (tx) => {
    const admins = await countAdminsLocked(tx);
    const target = await usersRepository.lockById(tx, id);
    if (!target) throw notFound("Utilizador não encontrado");
    if (target.role === "admin" && !target.disabledAt && admins <= 1) throw badRequest(LAST_ADMIN);
    // sessions, products, items and sales go with the user (ON DELETE CASCADE)
    await usersRepository.delete(tx, id);
  });
}
