import type { QueryClient } from "@tanstack/react-query";
import { STATISTICS_QUERY_KEY } from "./get-statistics";
import { PRODUCTS_QUERY_KEY } from "./get-products";
import { MONITOR_STATS_QUERY_KEY } from "./get-monitor-stats";
import { ACTIVITY_QUERY_KEY } from "@/lib/activity-queries";

/** after a product changes, the products and statistics lists are refetched */
export function invalidateMonitor(queryClient: QueryClient) {
  for (const queryKey of [
    PRODUCTS_QUERY_KEY,
    STATISTICS_QUERY_KEY,
    MONITOR_STATS_QUERY_KEY,
    ACTIVITY_QUERY_KEY,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}
