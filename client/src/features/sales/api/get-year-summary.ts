import type { YearSummary } from "@common/schemas/year-summary";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { yearQuery } from "./get-dac7";

/** the yearly summary of a year (the current one on the user's calendar when none is given) */
export function useYearSummary(year: number | null) {
  return useQuery({
    // under the sales' key: a sale recorded, changed or removed refreshes the summary
    queryKey: [...BOOKS_QUERY_KEYS.sales, "year-summary", year],
    queryFn: () => apiRequest<YearSummary>("GET", `/api/sales/year-summary${yearQuery(year)}`),
    placeholderData: keepPreviousData,
  });
}
