import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";

export const deleteSale = (id: number) => apiRequest("DELETE", `/api/sales/${id}`);

/** the item goes back to stock, so the inventory is refreshed too */
export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: () => toast.success(i18n.t("sales:delete.done")),
    onError: toastFailure("common:unknownError", "sales:delete.failed"),
    onSettled: () => invalidateBooks(queryClient),
  });
}
