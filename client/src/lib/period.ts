import { type Period, periodFromSearch, periodSearch } from "@common/schemas/period";
import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";

const PERIOD_PARAMS = ["period", "from", "to"];

/**
 * The books' period of a page (Status, Vendas, Inventário, Ranking), kept in the URL (?period=…,
 * and from/to for a custom range) so a reload or a shared link keeps it; the page's other search
 * parameters stay as they are. A value the server would refuse reads as all time.
 */
export function usePeriod(): [Period, (next: Period) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const period = useMemo(() => periodFromSearch(search), [search]);
  const setPeriod = (next: Period) => {
    const params = new URLSearchParams(search);
    for (const name of PERIOD_PARAMS) params.delete(name);
    for (const [name, value] of new URLSearchParams(periodSearch(next))) params.set(name, value);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [period, setPeriod];
}

/** "?period=…" for a request, "" for all time */
export const periodQuery = (period: Period) => {
  const search = periodSearch(period);
  return search ? `?${search}` : "";
};

/** a query's key for a period: all time keeps the plain list's key, a period goes under it */
export const periodKey = <K extends readonly string[]>(base: K, period: Period) =>
  period.period === "all" ? base : ([...base, periodSearch(period)] as const);
