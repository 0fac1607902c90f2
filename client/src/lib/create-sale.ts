import type { CreateSaleInput, Sale } from "@common/schemas/sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "./books-queries";
import { apiRequest } from "./http";

/**
 * POST /api/sales, shared by 'Nova Venda' (Sales) and 'Registrar Venda' (an Inventory item card):
 * recording a sale refreshes inventory, sales and statistics
 */
export const createSale = (input: CreateSaleInput) => apiRequest<Sale>("POST", "/api/sales", input);

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSale, onSettled: () => invalidateBooks(queryClient) });
}
