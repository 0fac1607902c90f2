import type { ProductDto } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { invalidateMonitor } from "./invalidate-monitor";
import { toastFailure } from "@/lib/mutation-feedback";

export const toggleProduct = (id: number) => apiRequest<ProductDto>("POST", `/api/products/${id}/toggle`);

export function useToggleProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleProduct,
    onSuccess: (product) =>
      toast.success(i18n.t(product.isActive ? "monitor:toasts.started" : "monitor:toasts.stopped")),
    onError: toastFailure("monitor:toasts.toggleFailed", "monitor:toasts.error"),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
