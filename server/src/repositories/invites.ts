import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { invites, users } from "../db/schema.js";

export type InviteRow = typeof invites.$inferSelect;
type NewInvite = typeof invites.$inferInsert;

export const invitesRepository = {
  async insert(conn: Conn, row: NewInvite): Promise<InviteRow> {
    const [created] = await conn.insert(invites).values(row).returning();
    return created;
  },

  /** invites neither used nor expired by `now`, oldest first, with the name of the admin who made each */
  listPending(conn: Conn, now: Date): Promise<{ invite: InviteRow; createdBy: string | null }[]> {
    return conn
      .select({ invite: invites, createdBy: users.username })
      .from(invites)
      .leftJoin(users, eq(users.id, invites.createdBy))
      .where(and(isNull(invites.usedAt), gt(invites.expiresAt, now)))
      .orderBy(asc(invites.createdAt), asc(invites.id));
  },

  async findUsable(conn: Conn, tokenHash: string, now: Date): Promise<InviteRow | undefined> {
    const [row] = await conn
      .select()
      .from(invites)
      .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, now)));
    return row;
  },

  /** the usable invite, locked until the transaction ends: two people using one link are serialized */
  async lockUsable(conn: Conn, tokenHash: string, now: Date): Promise<InviteRow | undefined> {
    const [row] = await conn
      .select()
      .from(invites)
      .where(and(eq(invites.tokenHash, tokenHash), isNull(invites.usedAt), gt(invites.expiresAt, now)))
      .for("update");
    return row;
  },

  async markUsed(conn: Conn, id: number, userId: number, at: Date): Promise<void> {
    await conn.update(invites).set({ usedAt: at, usedBy: userId }).where(eq(invites.id, id));
  },

  /** revoking a pending invite removes it; false when there is none by that id */
  async deletePending(conn: Conn, id: number): Promise<boolean> {
    const gone = await conn
      .delete(invites)
      .where(and(eq(invites.id, id), isNull(invites.usedAt)))
      .returning({ id: invites.id });
    return gone.length > 0;
  },
};
