import type { MonitorSwitchAnswer } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { invalidateMonitor } from "./invalidate-monitor";
import { toastFailure } from "@/lib/mutation-feedback";

/** POST /api/monitor/start-all or stop-all */
export const setAllActive = (isActive: boolean) =>
  apiRequest<MonitorSwitchAnswer>("POST", isActive ? "/api/monitor/start-all" : "/api/monitor/stop-all");

export function useSetAllActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAllActive,
    onSuccess: ({ changed }, isActive) =>
      toast.success(
        i18n.t(isActive ? "monitor:toasts.startedAll" : "monitor:toasts.stoppedAll", { count: changed }),
      ),
    onError: toastFailure("common:unknownError", "monitor:toasts.error"),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
