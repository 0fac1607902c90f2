import type { ActivityDto, ActivityFilter } from "@common/schemas/activity.js";
import { and, asc, count, desc, eq, gte, isNotNull, like, lt, ne, notLike, type SQL, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { activityLogs, users } from "../db/schema.js";
import type { UserRow } from "./users.js";

/** admins read everyone's history, users their own */
const visibleTo = (viewer: UserRow): SQL | undefined =>
  viewer.role === "admin" ? undefined : eq(activityLogs.userId, viewer.id);

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

export interface ActivityQuery {
  filter: ActivityFilter;
  limit: number;
  /** a product's name */
  product?: string;
  /** from ≤ createdAt < to */
  from?: Date;
  to?: Date;
}

export async function listActivity(db: Conn, viewer: UserRow, q: ActivityQuery): Promise<ActivityDto[]> {
  const rows = await db
    .select({ log: activityLogs, username: users.username })
    .from(activityLogs)
    .leftJoin(users, eq(users.id, activityLogs.userId))
    .where(
      and(
        visibleTo(viewer),
        filterCondition(q.filter),
        q.product === undefined ? undefined : eq(activityLogs.productName, q.product),
        q.from === undefined ? undefined : gte(activityLogs.createdAt, q.from),
        q.to === undefined ? undefined : lt(activityLogs.createdAt, q.to),
      ),
    )
    .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
    .limit(q.limit);
  return rows.map(({ log, username }) => ({
    id: log.id,
    userId: log.userId,
    username: viewer.role === "admin" ? username : null,
    productId: log.productId,
    productName: log.productName,
    action: log.action,
    message: log.message,
    type: log.type,
    createdAt: log.createdAt.toISOString(),
  }));
}

/** the product names History can filter by: every product named in the viewer's history */
export async function listActivityProducts(db: Conn, viewer: UserRow): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: activityLogs.productName })
    .from(activityLogs)
    .where(and(visibleTo(viewer), isNotNull(activityLogs.productName)))
    .orderBy(asc(activityLogs.productName))
    .limit(1000);
  return rows.map((r) => r.name ?? "");
}

/** "Limpar" empties only the caller's own history, admins included */
export async function clearOwnActivity(db: Conn, userId: number): Promise<number> {
  const deleted = await db
    .delete(activityLogs)
    .where(eq(activityLogs.userId, userId))
    .returning({ id: activityLogs.id });
  return deleted.length;
}

/** entries since local midnight in the viewer's time zone */
export async function countTodayActivity(db: Conn, viewer: UserRow, timeZone: string): Promise<number> {
  const startOfToday = sql<Date>`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const [row] = await db
    .select({ n: count() })
    .from(activityLogs)
    .where(and(visibleTo(viewer), gte(activityLogs.createdAt, startOfToday)));
  return row.n;
}
