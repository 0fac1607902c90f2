import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest, errorMessage } from "@/lib/http";
import { i18n } from "@/lib/i18n";

export const deleteSale = (id: number) => apiRequest("DELETE", `/api/sales/${id}`);

/** the item goes back to stock, so the inventory is refreshed too */
export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: () => toast.success(i18n.t("sales:delete.done")),
    onError: (error) =>
      toast.error(i18n.t("sales:delete.failed"), {
        description: errorMessage(error, i18n.t("common:unknownError")),
      }),
    onSettled: () => invalidateBooks(queryClient),
  });
}
