import type { CreateInventoryItemInput, InventoryItem } from "@common/schemas/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateBooks } from "@/lib/books-queries";
import { apiRequest } from "@/lib/http";

export const createItem = (input: CreateInventoryItemInput) =>
  apiRequest<InventoryItem>("POST", "/api/inventory", input);

export function useCreateItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createItem, onSettled: () => invalidateBooks(queryClient) });
}
