import type { CreateExpenseInput, Expense, UpdateExpenseInput } from "@common/schemas/expenses";
import type { InventoryItem } from "@common/schemas/inventory";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BOOKS_QUERY_KEYS, invalidateBooks } from "@/lib/books-queries";
import { apiRequest, getOrNullOn401 } from "@/lib/http";

export { useExpenses } from "@/lib/books-queries";

/** the items an expense may be tied to: all of the user's, from the inventory list's cache */
export function useInventoryItems() {
  return useQuery({
    queryKey: BOOKS_QUERY_KEYS.inventory,
    queryFn: () => getOrNullOn401<InventoryItem[]>("/api/inventory"),
    select: (items: InventoryItem[] | null) => items ?? [],
  });
}

// an expense changes Status and the ranking too: every books read is refreshed
export function useCreateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateExpenseInput) => apiRequest<Expense>("POST", "/api/expenses", input),
    onSettled: () => invalidateBooks(queryClient),
  });
}

export function useUpdateExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateExpenseInput & { id: number }) =>
      apiRequest<Expense>("PUT", `/api/expenses/${id}`, input),
    onSettled: () => invalidateBooks(queryClient),
  });
}

export function useDeleteExpense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/expenses/${id}`),
    onSettled: () => invalidateBooks(queryClient),
  });
}
