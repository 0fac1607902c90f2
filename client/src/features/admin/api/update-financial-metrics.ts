import type { FinancialMetricsInput, FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { FINANCIAL_METRICS_QUERY_KEY } from "./get-financial-metrics";

export const updateFinancialMetrics = (input: FinancialMetricsInput) =>
  apiRequest<FinancialMetricsResponse>("PUT", "/api/admin/financial-metrics", input);

export function useUpdateFinancialMetrics({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFinancialMetrics,
    onSuccess: (saved) => {
      queryClient.setQueryData(FINANCIAL_METRICS_QUERY_KEY, saved);
      toast.success("Métricas financeiras atualizadas com sucesso");
      onSuccess?.();
    },
    onError: (error) => toast.error(errorMessage(error, "Erro ao atualizar métricas financeiras")),
  });
}
