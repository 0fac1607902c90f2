import type { ProductDto } from "@common/schemas/products";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { POLL_INTERVAL_MS, type QueryConfig } from "@/lib/query-client";

export const PRODUCTS_QUERY_KEY = ["/api/products"] as const;

export const getProducts = () => apiRequest<ProductDto[]>("GET", "/api/products");

export function getProductsQueryOptions() {
  return queryOptions({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: getProducts,
    refetchInterval: POLL_INTERVAL_MS,
  });
}

export function useProducts({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getProductsQueryOptions>;
} = {}) {
  return useQuery({ ...getProductsQueryOptions(), ...queryConfig });
}
