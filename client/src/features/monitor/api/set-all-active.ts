import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { invalidateMonitor } from "./invalidate-monitor";

/** POST /api/monitor/start-all or stop-all */
export const setAllActive = (isActive: boolean) =>
  apiRequest("POST", isActive ? "/api/monitor/start-all" : "/api/monitor/stop-all");

export function useSetAllActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAllActive,
    onSuccess: (_data, isActive) =>
      toast.success(isActive ? "Monitoramento iniciado" : "Monitoramento parado"),
    onError: (error) => toast.error("Erro", { description: errorMessage(error, "Erro desconhecido") }),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
