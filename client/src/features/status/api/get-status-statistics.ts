import type { StatusStatistics } from "@common/schemas/statistics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const getStatusStatistics = () => apiRequest<StatusStatistics>("GET", "/api/status/statistics");

export function getStatusStatisticsQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.statusStatistics,
    queryFn: getStatusStatistics,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useStatusStatistics({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getStatusStatisticsQueryOptions>;
} = {}) {
  return useQuery({ ...getStatusStatisticsQueryOptions(), ...queryConfig });
}
