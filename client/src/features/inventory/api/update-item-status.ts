import type { InventoryItem, UpdateInventoryStatusInput } from "@common/schemas/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

export const updateItemStatus = ({ id, ...change }: UpdateInventoryStatusInput & { id: number }) =>
  apiRequest<InventoryItem>("PUT", `/api/inventory/${id}`, { id, ...change });

export function useUpdateItemStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItemStatus, onSettled: () => invalidateBooks(queryClient) });
}
