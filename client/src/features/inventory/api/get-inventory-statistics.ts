import type { InventoryStatistics } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getOrNullOn401 } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const getInventoryStatistics = () => getOrNullOn401<InventoryStatistics>("/api/inventory/statistics");

export function getInventoryStatisticsQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventoryStatistics,
    queryFn: getInventoryStatistics,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventoryStatistics({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getInventoryStatisticsQueryOptions>;
} = {}) {
  return useQuery({ ...getInventoryStatisticsQueryOptions(), ...queryConfig });
}
