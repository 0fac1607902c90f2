import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { ACTIVITY_QUERY_KEY } from "@/lib/activity-queries";

export const clearActivity = () => apiRequest<{ deleted: number }>("DELETE", "/api/activity");

export function useClearActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearActivity,
    onSuccess: () => toast.success("Histórico limpo"),
    onError: (error) =>
      toast.error("Erro", { description: errorMessage(error, "Não foi possível limpar o histórico.") }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/statistics"] });
    },
  });
}
