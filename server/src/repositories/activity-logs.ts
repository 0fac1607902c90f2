import type { ActivityFilter } from "@common/schemas/activity.js";
import { and, asc, count, desc, eq, gte, isNotNull, like, lt, ne, notLike, type SQL, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { activityLogs, users } from "../db/schema.js";

type NewActivityLog = typeof activityLogs.$inferInsert;

/** `userId` null reads every user's lines (an admin's view) */
const visibleTo = (userId: number | null): SQL | undefined =>
  userId === null ? undefined : eq(activityLogs.userId, userId);

const isCheck = like(activityLogs.action, "stock\\_check%");
const isNotification = like(activityLogs.action, "notification\\_%");

function filterCondition(filter: ActivityFilter): SQL | undefined {
  switch (filter) {
    case "all":
      return undefined;
    case "stock_check":
      return isCheck;
    case "notification":
      return isNotification;
    case "error":
      return eq(activityLogs.type, "error");
    case "system":
      return and(
        notLike(activityLogs.action, "stock\\_check%"),
        notLike(activityLogs.action, "notification\\_%"),
        ne(activityLogs.type, "error"),
      );
  }
}

export interface ActivityLogQuery {
  /** null: every user's */
  userId: number | null;
  filter: ActivityFilter;
  limit: number;
  productName?: string;
  /** from ≤ createdAt < to */
  from?: Date;
  to?: Date;
}

/** lines written in [start, end); no condition without a span */
const inSpan = (span?: { start: Date; end: Date }) =>
  span ? and(gte(activityLogs.createdAt, span.start), lt(activityLogs.createdAt, span.end)) : undefined;

export const activityLogsRepository = {
  async insert(conn: Conn, rows: NewActivityLog[]): Promise<void> {
    await conn.insert(activityLogs).values(rows);
  },

  /** newest first, each line with its user's name */
  list(conn: Conn, q: ActivityLogQuery) {
    return conn
      .select({ log: activityLogs, username: users.username })
      .from(activityLogs)
      .leftJoin(users, eq(users.id, activityLogs.userId))
      .where(
        and(
          visibleTo(q.userId),
          filterCondition(q.filter),
          q.productName === undefined ? undefined : eq(activityLogs.productName, q.productName),
          q.from === undefined ? undefined : gte(activityLogs.createdAt, q.from),
          q.to === undefined ? undefined : lt(activityLogs.createdAt, q.to),
        ),
      )
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(q.limit);
  },

  /** the product names in the lines, alphabetically, at most `limit` */
  async listProductNames(conn: Conn, userId: number | null, limit: number): Promise<string[]> {
    const rows = await conn
      .selectDistinct({ name: activityLogs.productName })
      .from(activityLogs)
      .where(and(visibleTo(userId), isNotNull(activityLogs.productName)))
      .orderBy(asc(activityLogs.productName))
      .limit(limit);
    return rows.map((r) => r.name ?? "");
  },

  /** the user's newest lines (those of [start, end) when a span is given), newest first */
  listRecentForUser(conn: Conn, userId: number, limit: number, span?: { start: Date; end: Date }) {
    return conn
      .select({
        id: activityLogs.id,
        action: activityLogs.action,
        code: activityLogs.code,
        params: activityLogs.params,
        type: activityLogs.type,
        message: activityLogs.message,
        createdAt: activityLogs.createdAt,
        productId: activityLogs.productId,
        productName: activityLogs.productName,
      })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, userId), inSpan(span)))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(limit);
  },

  /** the lines a user sees (all of them for null), those of [start, end) when a span is given */
  async count(conn: Conn, userId: number | null, span?: { start: Date; end: Date }): Promise<number> {
    const [row] = await conn
      .select({ n: count() })
      .from(activityLogs)
      .where(and(visibleTo(userId), inSpan(span)));
    return row.n;
  },

  /** lines since local midnight of `timeZone`, by the database's clock */
  async countToday(conn: Conn, userId: number | null, timeZone: string): Promise<number> {
    const startOfToday = sql<Date>`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
    const [row] = await conn
      .select({ n: count() })
      .from(activityLogs)
      .where(and(visibleTo(userId), gte(activityLogs.createdAt, startOfToday)));
    return row.n;
  },

  /** returns how many lines went */
  async deleteForUser(conn: Conn, userId: number): Promise<number> {
    const deleted = await conn
      .delete(activityLogs)
      .where(eq(activityLogs.userId, userId))
      .returning({ id: activityLogs.id });
    return deleted.length;
  },
};
