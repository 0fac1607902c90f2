import type { FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS } from "@/lib/query-client";

export const FINANCIAL_METRICS_QUERY_KEY = ["/api/admin/financial-metrics"] as const;

export function getFinancialMetricsQueryOptions() {
  return queryOptions({
    queryKey: FINANCIAL_METRICS_QUERY_KEY,
    queryFn: () => apiRequest<FinancialMetricsResponse>("GET", "/api/admin/financial-metrics"),
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useFinancialMetrics() {
  return useQuery(getFinancialMetricsQueryOptions());
}
