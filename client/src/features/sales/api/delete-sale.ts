import { SALE_DELETED_UNITS_BACK } from "@common/schemas/sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";
import { i18n, translateMessage } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";

export const deleteSale = (id: number) => apiRequest<{ message: string }>("DELETE", `/api/sales/${id}`);

/** the item goes back to stock (or its units into their lot), so the inventory is refreshed too */
export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: (answer) =>
      toast.success(
        answer?.message === SALE_DELETED_UNITS_BACK
          ? translateMessage(SALE_DELETED_UNITS_BACK)
          : i18n.t("sales:delete.done"),
      ),
    onError: toastFailure("common:unknownError", "sales:delete.failed"),
    onSettled: () => invalidateBooks(queryClient),
  });
}
