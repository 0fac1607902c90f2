import { queryOptions, useQuery } from "@tanstack/react-query";
import { ACTIVITY_QUERY_KEY } from "@/lib/activity-queries";
import { apiRequest } from "@/lib/http";
import type { QueryConfig } from "@/lib/query-client";

/** every product named in the history (deleted ones too), for the product filter */
export const getActivityProducts = () => apiRequest<string[]>("GET", "/api/activity/products");

export function getActivityProductsQueryOptions() {
  return queryOptions({ queryKey: [...ACTIVITY_QUERY_KEY, "products"], queryFn: getActivityProducts });
}

export function useActivityProducts({
  queryConfig,
}: {
  queryConfig?: QueryConfig<typeof getActivityProductsQueryOptions>;
} = {}) {
  return useQuery({ ...getActivityProductsQueryOptions(), ...queryConfig });
}
