import { and, eq, gt, lt, ne } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

type UserRow = typeof users.$inferSelect;

/** sessions are keyed by the hash of their cookie's token; the service hashes */
export const sessionsRepository = {
  async insert(conn: Conn, row: { id: string; userId: number; expiresAt: Date }): Promise<void> {
    await conn.insert(sessions).values(row);
  },

  /** the session with its user, unless it has expired by `now` */
  async findLiveWithUser(
    conn: Conn,
    id: string,
    now: Date,
  ): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
    const [row] = await conn
      .select({ user: users, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      .limit(1);
    return row;
  },

  async delete(conn: Conn, id: string): Promise<void> {
    await conn.delete(sessions).where(eq(sessions.id, id));
  },

  async deleteExpired(conn: Conn, now: Date): Promise<void> {
    await conn.delete(sessions).where(lt(sessions.expiresAt, now));
  },

  /** every session of the user, but `keepId`'s when given */
  async deleteForUser(conn: Conn, userId: number, keepId?: string): Promise<void> {
    await conn
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined));
  },
};
