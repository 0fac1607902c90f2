import type { ProductDto, ProductInput } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { invalidateMonitor } from "./invalidate-monitor";

export const updateProduct = ({ id, input }: { id: number; input: ProductInput }) =>
  apiRequest<ProductDto>("PUT", `/api/products/${id}`, input);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduct, onSettled: () => invalidateMonitor(queryClient) });
}
