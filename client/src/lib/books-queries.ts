import type { Expense } from "@common/schemas/expenses";
import type { Period } from "@common/schemas/period";
import type { Sale } from "@common/schemas/sales";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./http";
import { periodKey, periodQuery } from "./period";
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

const ALL_TIME: Period = { period: "all" };

/** the sales list (of a period): the Sales page and the Status charts read the same answer */
export const getSales = (period: Period = ALL_TIME) =>
  apiRequest<Sale[]>("GET", `/api/sales${periodQuery(period)}`);

export function getSalesQueryOptions(period: Period = ALL_TIME) {
  return queryOptions({
    queryKey: periodKey(BOOKS_QUERY_KEYS.sales, period),
    queryFn: () => getSales(period),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useSales({
  period = ALL_TIME,
  queryConfig,
}: {
  period?: Period;
  queryConfig?: QueryConfig<typeof getSalesQueryOptions>;
} = {}) {
  return useQuery({ ...getSalesQueryOptions(period), ...queryConfig });
}

/** the user's expenses (the Despesas page, and the Status chart that takes them off each month's profit) */
export function useExpenses() {
  return useQuery({
    queryKey: BOOKS_QUERY_KEYS.expenses,
    queryFn: () => apiRequest<Expense[]>("GET", "/api/expenses"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}
