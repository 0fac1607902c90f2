import type { Conn } from "../db/client.js";
import { activityLogs } from "../db/schema.js";

export type ActivityAction =
  | "product_added"
  | "product_deleted"
  | "stock_check"
  | "stock_check_failed"
  | "notification_sent"
  | "notification_failed";

export type ActivityType = "success" | "error" | "warning" | "info";

export interface ActivityEntry {
  userId: number | null;
  productId?: number | null;
  productName?: string | null;
  action: ActivityAction;
  message: string;
  type: ActivityType;
}

/** the one way an activity row is written (routes and engine alike; pass the open transaction) */
export async function logActivity(db: Conn, entry: ActivityEntry): Promise<void> {
  await db.insert(activityLogs).values({
    userId: entry.userId,
    productId: entry.productId ?? null,
    productName: entry.productName ?? null,
    action: entry.action,
    message: entry.message,
    type: entry.type,
  });
}
