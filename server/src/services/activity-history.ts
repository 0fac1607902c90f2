import { isActivityCode } from "@common/activity.js";
import type { ActivityDto, ActivityFilter } from "@common/schemas/activity.js";
import type { Conn } from "../db/client.js";
import { activityLogsRepository } from "../repositories/activity-logs.js";
import type { UserRow } from "./users.js";

/** admins read everyone's history (null: no user filter), users their own */
const visibleUserId = (viewer: UserRow): number | null => (viewer.role === "admin" ? null : viewer.id);

/** History's product filter offers at most this many names */
const MAX_PRODUCT_NAMES = 1000;

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
  const rows = await activityLogsRepository.list(db, {
    userId: visibleUserId(viewer),
    filter: q.filter,
    limit: q.limit,
    productName: q.product,
    from: q.from,
    to: q.to,
  });
  return rows.map(({ log, username }) => ({
    id: log.id,
    userId: log.userId,
    username: viewer.role === "admin" ? username : null,
    productId: log.productId,
    productName: log.productName,
    action: log.action,
    code: isActivityCode(log.code) ? log.code : "legacy",
    params: log.params,
    message: log.message,
    type: log.type,
    createdAt: log.createdAt.toISOString(),
  }));
}

/** the product names History can filter by: every product named in the viewer's history */
export async function listActivityProducts(db: Conn, viewer: UserRow): Promise<string[]> {
  return activityLogsRepository.listProductNames(db, visibleUserId(viewer), MAX_PRODUCT_NAMES);
}

/** "Limpar" empties only the caller's own history, admins included */
export async function clearOwnActivity(db: Conn, userId: number): Promise<number> {
  return activityLogsRepository.deleteForUser(db, userId);
}

/** entries since local midnight in the viewer's time zone */
export async function countTodayActivity(db: Conn, viewer: UserRow, timeZone: string): Promise<number> {
  return activityLogsRepository.countToday(db, visibleUserId(viewer), timeZone);
}
