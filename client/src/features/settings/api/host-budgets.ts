import { toastFailure } from "@/lib/mutation-feedback";
import type { HostBudgetInput, HostBudgetList } from "@common/schemas/host-budgets";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";

const KEY = ["/api/admin/host-budgets"] as const;

/** each retailer host's budget, demand and stretch (admins; refreshed while the tab is open) */
export function useHostBudgets(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<HostBudgetList>("GET", "/api/admin/host-budgets"),
    enabled,
    refetchInterval: 10_000,
  });
}

export function useSaveHostBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ host, ...budget }: HostBudgetInput & { host: string }) =>
      apiRequest<HostBudgetList>("PUT", `/api/admin/host-budgets/${encodeURIComponent(host)}`, budget),
    onSuccess: (list) => {
      queryClient.setQueryData(KEY, list);
      toast.success(i18n.t("settings:budgets.saved"));
    },
    onError: toastFailure("common:unknownError", "settings:toast.saveFailed"),
  });
}

export function useResetHostBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => apiRequest("DELETE", `/api/admin/host-budgets/${encodeURIComponent(host)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    onError: toastFailure("common:unknownError"),
  });
}
