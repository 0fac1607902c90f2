import type { Dac7 } from "@common/schemas/dac7";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

/** "?year=2025", or nothing for the current year on the user's calendar */
export const yearQuery = (year: number | null) => (year ? `?year=${year}` : "");

/** the DAC7 counter of a year (the current one on the user's calendar when none is given) */
export function useDac7(year: number | null) {
  return useQuery({
    // under the sales' key: a sale recorded, changed or removed refreshes the counter
    queryKey: [...BOOKS_QUERY_KEYS.sales, "dac7", year],
    queryFn: () => apiRequest<Dac7>("GET", `/api/sales/dac7${yearQuery(year)}`),
    placeholderData: keepPreviousData,
  });
}
