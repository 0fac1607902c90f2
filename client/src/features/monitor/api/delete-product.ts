import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { invalidateMonitor } from "./invalidate-monitor";

export const deleteProduct = (id: number) => apiRequest("DELETE", `/api/products/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => toast.success(i18n.t("monitor:toasts.removed")),
    onError: (error) =>
      toast.error(i18n.t("monitor:toasts.error"), {
        description: errorMessage(error, i18n.t("monitor:toasts.removeFailed")),
      }),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
