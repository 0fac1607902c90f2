import type { InventoryItem, UpdateInventoryItemInput } from "@common/schemas/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

export const updateItem = ({ id, ...input }: UpdateInventoryItemInput & { id: number }) =>
  apiRequest<InventoryItem>("PATCH", `/api/inventory/${id}`, input);

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateItem, onSettled: () => invalidateBooks(queryClient) });
}
