import type { ActivityCode, ActivityParams } from "@common/activity.js";
import type { Conn } from "../db/client.js";
import { activityLogsRepository } from "../repositories/activity-logs.js";

export type ActivityAction =
  | "product_added"
  | "product_deleted"
  | "stock_check"
  | "stock_check_failed"
  | "notification_sent"
  | "notification_failed"
  /** an alert not sent because a newer one of its product and destination replaced it */
  | "notification_superseded";

export type ActivityType = "success" | "error" | "warning" | "info";

export interface ActivityEntry {
  userId: number | null;
  productId?: number | null;
  productName?: string | null;
  action: ActivityAction;
  /** what the screens show, written in the reader's language from these two */
  code: ActivityCode;
  params: ActivityParams;
  /** the same in pt-PT, kept for backups and older clients */
  message: string;
  type: ActivityType;
}

/** the one way an activity row is written (routes and engine alike; pass the open transaction) */
export async function logActivity(db: Conn, entry: ActivityEntry | ActivityEntry[]): Promise<void> {
  const entries = Array.isArray(entry) ? entry : [entry];
  if (entries.length === 0) return;
  await activityLogsRepository.insert(
    db,
    entries.map((e) => ({
      userId: e.userId,
      productId: e.productId ?? null,
      productName: e.productName ?? null,
      action: e.action,
      code: e.code,
      params: e.params,
      message: e.message,
      type: e.type,
    })),
  );
}
