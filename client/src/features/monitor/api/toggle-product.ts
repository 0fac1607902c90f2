import type { ProductDto } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { invalidateMonitor } from "./invalidate-monitor";

export const toggleProduct = (id: number) => apiRequest<ProductDto>("POST", `/api/products/${id}/toggle`);

export function useToggleProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleProduct,
    onSuccess: (product) =>
      toast.success(i18n.t(product.isActive ? "monitor:toasts.started" : "monitor:toasts.stopped")),
    onError: (error) =>
      toast.error(i18n.t("monitor:toasts.error"), {
        description: errorMessage(error, i18n.t("monitor:toasts.toggleFailed")),
      }),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
