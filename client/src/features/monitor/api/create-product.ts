import type { ProductDto, ProductInput } from "@common/schemas/products";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { invalidateMonitor } from "./invalidate-monitor";

export const createProduct = (input: ProductInput) => apiRequest<ProductDto>("POST", "/api/products", input);

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduct, onSettled: () => invalidateMonitor(queryClient) });
}
