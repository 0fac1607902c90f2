import type { Expense } from "@common/schemas/expenses";
import type { Sale } from "@common/schemas/sales";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./http";
import { POLL_INTERVAL_MS, type QueryConfig } from "./query-client";

/** the reads that an inventory, sale or expense change makes stale: the books and their statistics */
export const BOOKS_QUERY_KEYS = {
  inventory: ["/api/inventory"],
  inventoryStatistics: ["/api/inventory/statistics"],
  sales: ["/api/sales"],
  expenses: ["/api/expenses"],
  statusStatistics: ["/api/status/statistics"],
  ranking: ["/api/ranking"],
} as const;

export function invalidateBooks(queryClient: QueryClient) {
  return Promise.all(
    Object.values(BOOKS_QUERY_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** the sales list: the Sales page and the Status charts read the same answer */
export const getSales = () => apiRequest<Sale[]>("GET", "/api/sales");

export function getSalesQueryOptions() {
  return queryOptions({
    queryKey: BOOKS_QUERY_KEYS.sales,
    queryFn: getSales,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useSales({ queryConfig }: { queryConfig?: QueryConfig<typeof getSalesQueryOptions> } = {}) {
  return useQuery({ ...getSalesQueryOptions(), ...queryConfig });
}

/** the user's expenses (the Despesas page, and the Status chart that takes them off each month's profit) */
export function useExpenses() {
  return useQuery({
    queryKey: BOOKS_QUERY_KEYS.expenses,
    queryFn: () => apiRequest<Expense[]>("GET", "/api/expenses"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}
