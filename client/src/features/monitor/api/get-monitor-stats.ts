import type { MonitorStats } from "@common/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const MONITOR_STATS_QUERY_KEY = ["/api/user/monitor-stats"] as const;

export const getMonitorStats = () => apiRequest<MonitorStats>("GET", "/api/user/monitor-stats");

export function getMonitorStatsQueryOptions() {
  return queryOptions({
    queryKey: MONITOR_STATS_QUERY_KEY,
    queryFn: getMonitorStats,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useMonitorStats({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getMonitorStatsQueryOptions>;
} = {}) {
  return useQuery({ ...getMonitorStatsQueryOptions(), ...queryConfig });
}
