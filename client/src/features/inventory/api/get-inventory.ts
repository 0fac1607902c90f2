import type { InventoryItem } from "@common/schemas/inventory";
import type { Period } from "@common/schemas/period";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { getOrNullOn401 } from "@/lib/http";
import { periodKey, periodQuery } from "@/lib/period";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

/** polled every 30 s; a 401 gives null (the page shows the authentication notice) */
const ALL_TIME: Period = { period: "all" };

export const getInventory = (period: Period = ALL_TIME) =>
  getOrNullOn401<InventoryItem[]>(`/api/inventory${periodQuery(period)}`);

export function getInventoryQueryOptions(period: Period = ALL_TIME) {
  return queryOptions({
    // all time keeps the plain key, which the sale and expense dialogs' item lists share
    queryKey: periodKey(BOOKS_QUERY_KEYS.inventory, period),
    queryFn: () => getInventory(period),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useInventory({
  period = ALL_TIME,
  queryConfig,
}: {
  period?: Period;
  queryConfig?: QueryConfig<typeof getInventoryQueryOptions>;
} = {}) {
  return useQuery({ ...getInventoryQueryOptions(period), ...queryConfig });
}
