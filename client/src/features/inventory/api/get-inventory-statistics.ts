import type { InventoryStatistics } from "@common/schemas/inventory";
import type { Period } from "@common/schemas/period";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getOrNullOn401 } from "@/lib/http";
import { periodKey, periodQuery } from "@/lib/period";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

const ALL_TIME: Period = { period: "all" };

export const getInventoryStatistics = (period: Period = ALL_TIME) =>
  getOrNullOn401<InventoryStatistics>(`/api/inventory/statistics${periodQuery(period)}`);

export function getInventoryStatisticsQueryOptions(period: Period = ALL_TIME) {
  return queryOptions({
    // all time keeps the plain key, which the sale and expense dialogs' item lists share
    queryKey: periodKey(BOOKS_QUERY_KEYS.inventoryStatistics, period),
    queryFn: () => getInventoryStatistics(period),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventoryStatistics({
  period = ALL_TIME,
  queryConfig,
}: {
  period?: Period;
  queryConfig?: QueryConfig<typeof getInventoryStatisticsQueryOptions>;
} = {}) {
  return useQuery({ ...getInventoryStatisticsQueryOptions(period), ...queryConfig });
}
