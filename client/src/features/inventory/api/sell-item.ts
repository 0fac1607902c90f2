import type { CreateSaleInput, Sale } from "@common/schemas/sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

/** 'Registrar Venda' from an item card: the same POST /api/sales as the Sales page */
export const sellItem = (input: CreateSaleInput) => apiRequest<Sale>("POST", "/api/sales", input);

export function useSellItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sellItem, onSettled: () => invalidateBooks(queryClient) });
}
