import type { FinancialMetricsInput, FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { FINANCIAL_METRICS_QUERY_KEY } from "./get-financial-metrics";
import { toastFailure } from "@/lib/mutation-feedback";

export const updateFinancialMetrics = (input: FinancialMetricsInput) =>
  apiRequest<FinancialMetricsResponse>("PUT", "/api/admin/financial-metrics", input);

export function useUpdateFinancialMetrics({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFinancialMetrics,
    onSuccess: (saved) => {
      queryClient.setQueryData(FINANCIAL_METRICS_QUERY_KEY, saved);
      toast.success(i18n.t("admin:toast.metricsUpdated"));
      onSuccess?.();
    },
    onError: toastFailure("admin:toast.updateMetricsFailed"),
  });
}
