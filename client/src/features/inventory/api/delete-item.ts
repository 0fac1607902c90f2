import type { InventoryItem } from "@common/schemas/inventory";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";

export const deleteItem = (id: number) => apiRequest("DELETE", `/api/inventory/${id}`);
export const restoreItem = (id: number) => apiRequest<InventoryItem>("POST", `/api/inventory/${id}/restore`);

/** how long the deletion toast offers to undo it */
export const UNDO_MS = 5000;

async function undo(queryClient: QueryClient, id: number) {
  try {
    await restoreItem(id);
    toast.success(i18n.t("inventory:delete.restored"));
  } catch (error) {
    toastFailure("common:unknownError", "inventory:delete.restoreFailed")(error);
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
      toast.success(i18n.t("inventory:delete.removed"), {
        duration: UNDO_MS,
        action: { label: i18n.t("common:actions.undo"), onClick: () => void undo(queryClient, id) },
      }),
    onError: toastFailure("common:unknownError", "inventory:delete.removeFailed"),
    onSettled: () => invalidateBooks(queryClient),
  });
}
