import type { QueryClient } from "@tanstack/react-query";

/** the reads that an inventory or sale change makes stale: inventory, sales, statistics */
export const BOOKS_QUERY_KEYS = {
  inventory: ["/api/inventory"],
  inventoryStatistics: ["/api/inventory/statistics"],
  sales: ["/api/sales"],
  statusStatistics: ["/api/status/statistics"],
  ranking: ["/api/ranking"],
} as const;

export function invalidateBooks(queryClient: QueryClient) {
  return Promise.all(
    Object.values(BOOKS_QUERY_KEYS).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
