import type { MonitorStats } from "@common/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

export const MONITOR_STATS_QUERY_KEY = ["/api/user/monitor-stats"] as const;

export function getMonitorStatsQueryOptions() {
  return queryOptions({
    queryKey: MONITOR_STATS_QUERY_KEY,
    queryFn: () => apiRequest<MonitorStats>("GET", "/api/user/monitor-stats"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useMonitorStats() {
  return useQuery(getMonitorStatsQueryOptions());
}
