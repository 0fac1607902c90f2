/**
 * What an activity line says, as a code and its parameters: the server stores these, and the screens
 * write the sentence in the reader's language (client/src/lib/activity-text.ts). The closed lists
 * below are the only codes a writer may use.
 */
import { z } from "./zod-pt.js";

export const ACTIVITY_CODES = [
  /** params: product */
  "product_added",
  /** params: product */
  "product_removed",
  /** a product page read: status, sizes?, viaBrowser? */
  "check_status",
  /** a Vinted member read: status, items, newItems? */
  "check_profile",
  /** a search read: items, newItems?, matches? */
  "check_search",
  /** the first failure of a streak: reason, httpStatus? | wall? | detail? */
  "check_failed",
  /** the page was gone too long and the monitor paused itself */
  "check_paused_gone",
  /** the alert's params (alertParams) */
  "alert_sent",
  /** the alert's params, with failure, httpStatus?, detail?, attempts? */
  "alert_failed",
  /** the alert's params: not sent, a newer alert replaced it */
  "alert_superseded",
  /** a line stored before codes that could not be read back: its `message` is shown as it is */
  "legacy",
] as const;
export type ActivityCode = (typeof ACTIVITY_CODES)[number];

/** why a check failed (the engine's CheckFailure reasons) */
export const FAILURE_REASONS = ["blocked", "timeout", "unexpected", "not_found", "network"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** why an alert could not be delivered */
export const ALERT_FAILURES = ["no_destination", "refused_address", "http", "timeout", "network"] as const;
export type AlertFailureCode = (typeof ALERT_FAILURES)[number];

/** the alerts the engine sends (notifications.payload.kind) */
export const ALERT_KINDS = [
  "restock",
  "new_sizes",
  "sold_out",
  "vinted_new_items",
  "search_new_items",
  "search_restock",
  "price_drop",
  "vinted_holiday_on",
  "vinted_holiday_off",
  "check_failing",
  "check_recovered",
  "paused_not_found",
  "weekly_report",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Every parameter a code may carry (each code uses a few). Free texts are data, never sentences of
 * ours: a product's name, sizes, an adapter's or a server's own detail.
 */
export const activityParamsSchema = z.object({
  product: z.string().optional(),
  /** a product status (common/status.ts) */
  status: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  viaBrowser: z.boolean().optional(),
  items: z.number().int().optional(),
  newItems: z.number().int().optional(),
  matches: z.number().int().optional(),
  /** check_failed, and an alert about a failing check: a FailureReason */
  reason: z.string().optional(),
  httpStatus: z.number().int().optional(),
  /** the anti-bot wall that answered (Cloudflare, DataDome…) */
  wall: z.string().optional(),
  /** an adapter's or a server's own words, kept as they came */
  detail: z.string().optional(),
  /** alert lines: the AlertKind */
  alert: z.string().optional(),
  /** alert_failed: an AlertFailureCode */
  failure: z.string().optional(),
  attempts: z.number().int().optional(),
  /** price_drop: decimal texts in `currency` */
  price: z.string().optional(),
  previousPrice: z.string().optional(),
  currency: z.string().optional(),
  /** a Vinted drop split over several messages */
  part: z.number().int().optional(),
  parts: z.number().int().optional(),
  /** check_failing / check_recovered: ISO instant, or an "HH:mm" read back from an old line */
  since: z.string().optional(),
  /** weekly_report: yyyy-MM-dd, or dd/MM/yyyy read back from an old line */
  from: z.string().optional(),
  to: z.string().optional(),
});
export type ActivityParams = z.infer<typeof activityParamsSchema>;

export const isActivityCode = (code: unknown): code is ActivityCode =>
  ACTIVITY_CODES.includes(code as ActivityCode);
