import type { InventoryStatistics } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getQueryFn, POLL_INTERVAL_MS } from "@/lib/query-client";

export function getInventoryStatisticsQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventoryStatistics,
    queryFn: getQueryFn<InventoryStatistics>({ on401: "returnNull" }),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventoryStatistics() {
  return useQuery(getInventoryStatisticsQueryOptions());
}
