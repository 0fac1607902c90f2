import type { CheckDetail } from "@common/schemas/check-detail";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";

const lastCheckKey = (id: number) => ["/api/products", id, "check"] as const;

/** "Testar agora": one check at once; the answer is what it read */
export const testProduct = (id: number) => apiRequest<CheckDetail>("POST", `/api/products/${id}/test`);

export const getLastCheck = (id: number) =>
  apiRequest<{ detail: CheckDetail | null }>("GET", `/api/products/${id}/check`);

export function useTestProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testProduct,
    onSuccess: (detail, id) => queryClient.setQueryData(lastCheckKey(id), { detail }),
  });
}

export function useLastCheck(id: number | null) {
  return useQuery({
    queryKey: lastCheckKey(id ?? 0),
    queryFn: () => getLastCheck(id as number),
    enabled: id !== null,
    staleTime: 0,
  });
}
