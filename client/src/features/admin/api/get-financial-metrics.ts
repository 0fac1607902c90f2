import type { FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const FINANCIAL_METRICS_QUERY_KEY = ["/api/admin/financial-metrics"] as const;

export const getFinancialMetrics = () =>
  apiRequest<FinancialMetricsResponse>("GET", "/api/admin/financial-metrics");

export function getFinancialMetricsQueryOptions() {
  return queryOptions({
    queryKey: FINANCIAL_METRICS_QUERY_KEY,
    queryFn: getFinancialMetrics,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useFinancialMetrics({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getFinancialMetricsQueryOptions>;
} = {}) {
  return useQuery({ ...getFinancialMetricsQueryOptions(), ...queryConfig });
}
