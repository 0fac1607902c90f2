import type { ActivityParams } from "@common/activity.js";
import { type AlertPayload, wallOfError } from "./alert.js";

/** what an alert's activity line says of it: its kind and the figures the sentence names */
export function alertParams(alert: AlertPayload | null | undefined): ActivityParams {
  if (!alert) return {};
  const params: ActivityParams = { alert: alert.kind };
  switch (alert.kind) {
    case "restock":
    case "new_sizes":
      if (alert.newSizes.length) params.sizes = alert.newSizes;
      break;
    case "vinted_new_items":
    case "search_new_items":
    case "search_restock":
      params.items = alert.items?.length ?? 0;
      if (alert.part && alert.part.count > 1) {
        params.part = alert.part.index;
        params.parts = alert.part.count;
      }
      break;
    case "price_drop":
      if (alert.previousPrice) params.previousPrice = alert.previousPrice;
      if (alert.price) params.price = alert.price;
      params.currency = alert.currency ?? "EUR";
      break;
    case "check_failing":
      if (alert.reason) params.reason = alert.reason;
      else if (alert.error) params.detail = alert.error;
      {
        const wall = wallOfError(alert.error);
        if (wall) params.wall = wall;
      }
      params.since = alert.since ?? alert.at;
      break;
    case "check_recovered":
      params.since = alert.since ?? alert.at;
      break;
    case "weekly_report":
      if (alert.report) {
        params.from = alert.report.from;
        params.to = alert.report.to;
      }
      break;
  }
  return params;
}
