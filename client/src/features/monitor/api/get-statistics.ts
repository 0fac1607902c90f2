import type { DashboardStatistics } from "@common/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const STATISTICS_QUERY_KEY = ["/api/statistics"] as const;

export const getStatistics = () => apiRequest<DashboardStatistics>("GET", "/api/statistics");

export function getStatisticsQueryOptions() {
  return queryOptions({
    queryKey: STATISTICS_QUERY_KEY,
    queryFn: getStatistics,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useStatistics({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getStatisticsQueryOptions>;
} = {}) {
  return useQuery({ ...getStatisticsQueryOptions(), ...queryConfig });
}
