import type { DraftPhoto, ItemDraft } from "@common/schemas/inventory";
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

/**
 * the monitor's picture as the new item's photo, asked beside the draft: the server fetches it
 * (within its deadline), so the dialog opens first and the photo comes when it can; null when
 * there is none
 */
export function useDraftPhoto(productId: number | null, match: string | null) {
  return useQuery({
    queryKey: ["inventory", "draft-photo", productId, match],
    queryFn: () => {
      const query = new URLSearchParams({ product: String(productId) });
      if (match) query.set("match", match);
      return apiRequest<DraftPhoto>("GET", `/api/inventory/draft/photo?${query}`);
    },
    enabled: productId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
