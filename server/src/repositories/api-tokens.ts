import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { apiTokens, users } from "../db/schema.js";

export type ApiTokenRow = typeof apiTokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** tokens are found by the hash of what the caller sends; the service hashes */
export const apiTokensRepository = {
  async insert(conn: Conn, row: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
    const [created] = await conn.insert(apiTokens).values(row).returning();
    return created;
  },

  listForUser(conn: Conn, userId: number): Promise<ApiTokenRow[]> {
    return conn
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  },

  countForUser: async (conn: Conn, userId: number): Promise<number> => {
    const [row] = await conn
      .select({ n: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId));
    return row?.n ?? 0;
  },

  /** the token with its user, unless expired by `now` or the account is disabled */
  async findLiveWithUser(
    conn: Conn,
    tokenHash: string,
    now: Date,
  ): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
    const [row] = await conn
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(
        and(
          eq(apiTokens.tokenHash, tokenHash),
          or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
          isNull(users.disabledAt),
        ),
      )
      .limit(1);
    return row;
  },

  /** "last used" moves on at most once per `everyMs` */
  async touch(conn: Conn, id: number, everyMs: number): Promise<void> {
    await conn
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiTokens.id, id),
          or(
            isNull(apiTokens.lastUsedAt),
            lt(apiTokens.lastUsedAt, sql`now() - ${everyMs} * interval '1 millisecond'`),
          ),
        ),
      );
  },

  /** false when the user has no token by that id */
  async delete(conn: Conn, userId: number, id: number): Promise<boolean> {
    const gone = await conn
      .delete(apiTokens)
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
      .returning({ id: apiTokens.id });
    return gone.length > 0;
  },
};
