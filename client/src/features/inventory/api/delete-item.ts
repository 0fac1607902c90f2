import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest, errorMessage } from "@/lib/http";

export const deleteItem = (id: number) => apiRequest("DELETE", `/api/inventory/${id}`);

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: () => toast.success("Item removido do inventário!"),
    onError: (error) =>
      toast.error("Falha ao remover item", { description: errorMessage(error, "Erro desconhecido") }),
    onSettled: () => invalidateBooks(queryClient),
  });
}
