import type { Sale } from "@common/schemas/sales";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

export const getSales = () => apiRequest<Sale[]>("GET", "/api/sales");

export function getSalesQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.sales,
    queryFn: getSales,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useSales() {
  return useQuery(getSalesQueryOptions());
}
