import type { CreateSaleInput, Sale } from "@common/schemas/sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

export const createSale = (input: CreateSaleInput) => apiRequest<Sale>("POST", "/api/sales", input);

/** recording a sale refreshes inventory, sales and statistics */
export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSale, onSettled: () => invalidateBooks(queryClient) });
}
