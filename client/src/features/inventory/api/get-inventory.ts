import type { InventoryItem } from "@common/schemas/inventory";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getOrNullOn401 } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

/** polled every 30 s; a 401 gives null (the page shows the authentication notice) */
export const getInventory = () => getOrNullOn401<InventoryItem[]>("/api/inventory");

export function getInventoryQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.inventory,
    queryFn: getInventory,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventory({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getInventoryQueryOptions>;
} = {}) {
  return useQuery({ ...getInventoryQueryOptions(), ...queryConfig });
}
