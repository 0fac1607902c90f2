import type { Sale } from "@common/schemas/sales";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

/** the charts are drawn from the sales list (same cache as the Sales page) */
export function getChartSalesQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.sales,
    queryFn: () => apiRequest<Sale[]>("GET", "/api/sales"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useChartSales() {
  return useQuery(getChartSalesQueryOptions());
}
