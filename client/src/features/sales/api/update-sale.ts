import type { Sale, UpdateSaleInput } from "@common/schemas/sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

export const updateSale = ({ id, ...input }: UpdateSaleInput & { id: number }) =>
  apiRequest<Sale>("PUT", `/api/sales/${id}`, input);

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSale, onSettled: () => invalidateBooks(queryClient) });
}
