import type { InventoryItem } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getQueryFn, POLL_INTERVAL_MS } from "@/lib/query-client";

/** polled every 30 s; a 401 gives null (the page shows the authentication notice) */
export function getInventoryQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventory,
    queryFn: getQueryFn<InventoryItem[]>({ on401: "returnNull" }),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventory() {
  return useQuery(getInventoryQueryOptions());
}
