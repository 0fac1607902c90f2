import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { sessions, users } from "../db/schema.js";

type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** sessions are keyed by the hash of their cookie's token; the service hashes */
export const sessionsRepository = {
  async insert(
    conn: Conn,
    row: { id: string; userId: number; expiresAt: Date; userAgent: string | null; ip: string | null },
  ): Promise<void> {
    await conn.insert(sessions).values(row);
  },

  /** the session with its user, unless it has expired by `now` or the account is disabled */
  async findLiveWithUser(
    conn: Conn,
    id: string,
    now: Date,
  ): Promise<{ user: UserRow; expiresAt: Date; lastSeenAt: Date } | undefined> {
    const [row] = await conn
      .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), isNull(users.disabledAt)))
      .limit(1);
    return row;
  },

  /** a user's live sessions, the most recently used first */
  listLiveForUser(conn: Conn, userId: number, now: Date): Promise<SessionRow[]> {
    return conn
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** "last seen" moves on, at most once per `everyMs`; the device's address with it */
  async touch(conn: Conn, id: string, ip: string | null, everyMs: number): Promise<void> {
    await conn
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, ip })
      .where(
        and(eq(sessions.id, id), lt(sessions.lastSeenAt, sql`now() - ${everyMs} * interval '1 millisecond'`)),
      );
  },

  async delete(conn: Conn, id: string): Promise<void> {
    await conn.delete(sessions).where(eq(sessions.id, id));
  },

  /** one session of the user, named by its public id; false when the user has none by that id */
  async deleteByPublicId(conn: Conn, userId: number, publicId: string): Promise<boolean> {
    const gone = await conn
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
      .returning({ id: sessions.id });
    return gone.length > 0;
  },

  async deleteExpired(conn: Conn, now: Date): Promise<void> {
    await conn.delete(sessions).where(lt(sessions.expiresAt, now));
  },

  /** every session of the user, but `keepId`'s when given; answers how many ended */
  async deleteForUser(conn: Conn, userId: number, keepId?: string): Promise<number> {
    const gone = await conn
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keepId ? ne(sessions.id, keepId) : undefined))
      .returning({ id: sessions.id });
    return gone.length;
  },
};
