import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, apiRequest } from "@/lib/http";
import { invalidateMonitor } from "./invalidate-monitor";

export const deleteProduct = (id: number) => apiRequest("DELETE", `/api/products/${id}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => toast.success("Produto removido"),
    onError: (error) =>
      toast.error("Erro", { description: errorMessage(error, "Não foi possível remover o produto.") }),
    onSettled: () => invalidateMonitor(queryClient),
  });
}
