import type { ProductDto } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { invalidateMonitor } from "./invalidate-monitor";

export const toggleProduct = (id: number) => apiRequest<ProductDto>("POST", `/api/products/${id}/toggle`);

export function useToggleProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleProduct,
    onSuccess: (product) =>
      toast.success(product.isActive ? "Monitoramento iniciado" : "Monitoramento parado"),
    onError: (error) =>
      toast.error("Erro", { description: errorMessage(error, "Não foi possível alterar o produto.") }),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
