import type { InventoryItem } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getOrNullOn401 } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

/** the 'Nova Venda' picker offers only items in stock; same cache as the inventory list */
export const getInventoryItems = () => getOrNullOn401<InventoryItem[]>("/api/inventory");

export function getItemsInStockQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventory,
    queryFn: getInventoryItems,
    refetchInterval: POLL_INTERVAL_MS,
    select: (items: InventoryItem[] | null) => (items ?? []).filter((item) => item.status === "in_stock"),
  });
}

export function useItemsInStock({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getItemsInStockQueryOptions>;
} = {}) {
  return useQuery({ ...getItemsInStockQueryOptions(), ...queryConfig });
}
