import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { invalidateMonitor } from "./invalidate-monitor";
import { toastFailure } from "@/lib/mutation-feedback";

export const deleteProduct = (id: number) => apiRequest("DELETE", `/api/products/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => toast.success(i18n.t("monitor:toasts.removed")),
    onError: toastFailure("monitor:toasts.removeFailed", "monitor:toasts.error"),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
