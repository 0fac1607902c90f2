import type { InventoryItem } from "@common/schemas/inventory";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest, errorMessage } from "@/lib/http";

export const deleteItem = (id: number) => apiRequest("DELETE", `/api/inventory/${id}`);
export const restoreItem = (id: number) => apiRequest<InventoryItem>("POST", `/api/inventory/${id}/restore`);

/** how long the deletion toast offers 'Anular' */
export const UNDO_MS = 5000;

async function undo(queryClient: QueryClient, id: number) {
  try {
    await restoreItem(id);
    toast.success("Item reposto no inventário");
  } catch (error) {
    toast.error("Falha ao repor item", { description: errorMessage(error, "Erro desconhecido") });
  } finally {
    await invalidateBooks(queryClient);
  }
}

/** no confirmation before deleting: the toast offers to undo it instead (item, sale and photo) */
export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_answer, id) =>
      toast.success("Item removido do inventário!", {
        duration: UNDO_MS,
        action: { label: "Anular", onClick: () => void undo(queryClient, id) },
      }),
    onError: (error) =>
      toast.error("Falha ao remover item", { description: errorMessage(error, "Erro desconhecido") }),
    onSettled: () => invalidateBooks(queryClient),
  });
}
