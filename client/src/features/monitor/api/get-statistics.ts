import type { DashboardStatistics } from "@common/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

export const STATISTICS_QUERY_KEY = ["/api/statistics"] as const;

export function getStatisticsQueryOptions() {
  return queryOptions({
    queryKey: STATISTICS_QUERY_KEY,
    queryFn: () => apiRequest<DashboardStatistics>("GET", "/api/statistics"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useStatistics() {
  return useQuery(getStatisticsQueryOptions());
}
