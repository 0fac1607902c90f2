import type { InventoryItem } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getQueryFn, POLL_INTERVAL_MS } from "@/lib/query-client";

/** the 'Nova Venda' picker offers only items in stock; same cache as the inventory list */
export function getItemsInStockQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventory,
    queryFn: getQueryFn<InventoryItem[]>({ on401: "returnNull" }),
    refetchInterval: POLL_INTERVAL_MS,
    select: (items: InventoryItem[] | null) => (items ?? []).filter((item) => item.status === "in_stock"),
  });
}

export function useItemsInStock() {
  return useQuery(getItemsInStockQueryOptions());
}
