import type { Period } from "@common/schemas/period";
import type { StatusStatistics } from "@common/schemas/statistics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { periodKey, periodQuery } from "@/lib/period";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

const ALL_TIME: Period = { period: "all" };

export const getStatusStatistics = (period: Period = ALL_TIME) =>
  apiRequest<StatusStatistics>("GET", `/api/status/statistics${periodQuery(period)}`);

export function getStatusStatisticsQueryOptions(period: Period = ALL_TIME) {
  return queryOptions({
    queryKey: periodKey(BOOKS_QUERY_KEYS.statusStatistics, period),
    queryFn: () => getStatusStatistics(period),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useStatusStatistics({
  period = ALL_TIME,
  queryConfig,
}: {
  period?: Period;
  queryConfig?: QueryConfig<typeof getStatusStatisticsQueryOptions>;
} = {}) {
  return useQuery({ ...getStatusStatisticsQueryOptions(period), ...queryConfig });
}
