import type { PriceHistory } from "@common/schemas/price-history";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

/** a product's price points, oldest first (read when its chart opens) */
export function usePriceHistory(id: number | null) {
  return useQuery({
    queryKey: ["/api/products", id ?? 0, "price-history"],
    queryFn: () => apiRequest<PriceHistory>("GET", `/api/products/${id}/price-history`),
    enabled: id !== null,
    staleTime: 0,
  });
}
