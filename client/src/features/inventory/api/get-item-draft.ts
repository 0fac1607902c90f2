import type { ItemDraft } from "@common/schemas/inventory";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/** the new-item dialog's fields filled from a product monitor ("Comprei" on its card) */
export function useItemDraft(productId: number | null) {
  return useQuery({
    queryKey: ["inventory", "draft", productId],
    queryFn: () => apiRequest<ItemDraft>("GET", `/api/inventory/draft?product=${productId}`),
    enabled: productId !== null,
    // a draft is read once, when the dialog opens: a refetch would not refill an open form
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
