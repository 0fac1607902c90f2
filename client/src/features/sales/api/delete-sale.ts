import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest, errorMessage } from "@/lib/http";

export const deleteSale = (id: number) => apiRequest("DELETE", `/api/sales/${id}`);

/** the item goes back to stock, so the inventory is refreshed too */
export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: () => toast.success("Venda removida com sucesso!"),
    onError: (error) =>
      toast.error("Falha ao remover venda", { description: errorMessage(error, "Erro desconhecido") }),
    onSettled: () => invalidateBooks(queryClient),
  });
}
