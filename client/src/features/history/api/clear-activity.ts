import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { ACTIVITY_QUERY_KEY } from "@/lib/activity-queries";
import { toastFailure } from "@/lib/mutation-feedback";

export const clearActivity = () => apiRequest<{ deleted: number }>("DELETE", "/api/activity");

export function useClearActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearActivity,
    onSuccess: () => toast.success(i18n.t("history:clear.done")),
    onError: toastFailure("history:clear.failed", "history:clear.errorTitle"),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/statistics"] });
    },
  });
}
