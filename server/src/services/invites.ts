import { randomBytes } from "node:crypto";
import type { PublicUser } from "@common/schemas/auth.js";
import {
  type acceptInviteSchema,
  type createInviteSchema,
  INVITE_DAYS,
  type Invite,
  type InviteCheck,
} from "@common/schemas/invites.js";
import type { z } from "zod";
import type { Conn } from "../db/client.js";
import { conflict, notFound } from "../http-error.js";
import { type InviteRow, invitesRepository } from "../repositories/invites.js";
import { usersRepository } from "../repositories/users.js";
import { hashPassword } from "./passwords.js";
import { hashToken } from "./sessions.js";
import { toPublicUser } from "./users.js";

const INVITE_MS = INVITE_DAYS * 24 * 60 * 60 * 1000;
const UNUSABLE = "Convite inválido ou expirado";

function toInvite(row: InviteRow, createdBy: string | null): Invite {
  return {
    id: row.id,
    role: row.role === "admin" ? "admin" : "user",
    monitorLimit: row.monitorLimit,
    note: row.note,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** a new one-time link's token (answered once) and the invite; only the token's hash is stored */
export async function createInvite(
  db: Conn,
  input: z.output<typeof createInviteSchema>,
  admin: { id: number; username: string },
): Promise<{ invite: Invite; token: string }> {
  const token = randomBytes(24).toString("base64url");
  const row = await invitesRepository.insert(db, {
    ...input,
    tokenHash: hashToken(token),
    createdBy: admin.id,
    expiresAt: new Date(Date.now() + INVITE_MS),
  });
  return { invite: toInvite(row, admin.username), token };
}

export async function listPendingInvites(db: Conn): Promise<Invite[]> {
  const rows = await invitesRepository.listPending(db, new Date());
  return rows.map((r) => toInvite(r.invite, r.createdBy));
}

export async function revokeInvite(db: Conn, id: number): Promise<void> {
  if (!(await invitesRepository.deletePending(db, id))) throw notFound("Convite não encontrado");
}

/** the invite page's first question: is this link still good, and for which role */
export async function checkInvite(db: Conn, token: string): Promise<InviteCheck> {
  const row = await invitesRepository.findUsable(db, hashToken(token), new Date());
  if (!row) throw notFound(UNUSABLE);
  return { role: row.role === "admin" ? "admin" : "user", expiresAt: row.expiresAt.toISOString() };
}

/**
 * The invited person's account, with the role and limit the admin chose; the link is used up in
 * the same transaction, so it makes one account at most. A taken name leaves the link usable.
 */
export async function acceptInvite(
  db: Conn,
  token: string,
  input: z.output<typeof acceptInviteSchema>,
): Promise<PublicUser & { userId: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const now = new Date();
    const invite = await invitesRepository.lockUsable(tx, hashToken(token), now);
    if (!invite) throw notFound(UNUSABLE);
    const created = await usersRepository.insertUnlessTaken(tx, {
      username: input.username,
      passwordHash,
      role: invite.role === "admin" ? "admin" : "user",
      monitorLimit: invite.monitorLimit,
    });
    if (!created) throw conflict("Nome de utilizador já existe");
    await invitesRepository.markUsed(tx, invite.id, created.id, now);
    return { ...toPublicUser(created), userId: created.id };
  });
}
