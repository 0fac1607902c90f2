import type { ItemDraft } from "@common/schemas/inventory";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/**
 * the new-item dialog's fields filled from a product monitor ("Comprei" on its card), or from one
 * of a search monitor's latest matches (`match`, the item's id)
 */
export function useItemDraft(productId: number | null, match: string | null) {
  return useQuery({
    queryKey: ["inventory", "draft", productId, match],
    queryFn: () => {
      const query = new URLSearchParams({ product: String(productId) });
      if (match) query.set("match", match);
      return apiRequest<ItemDraft>("GET", `/api/inventory/draft?${query}`);
    },
    enabled: productId !== null,
    // a draft is read once, when the dialog opens: a refetch would not refill an open form
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
