import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from "@common/schemas/api-tokens";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";

export const API_TOKENS_QUERY_KEY = ["/api/tokens"] as const;

export function useApiTokens() {
  return useQuery({
    queryKey: API_TOKENS_QUERY_KEY,
    queryFn: () => apiRequest<ApiToken[]>("GET", "/api/tokens"),
  });
}

/** the new token comes back once, in the mutation's data; the list never shows it again */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiTokenInput) => apiRequest<CreatedApiToken>("POST", "/api/tokens", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>("DELETE", `/api/tokens/${id}`),
    onSuccess: () => toast.success(i18n.t("settings:api.revoked")),
    onError: toastFailure("settings:api.revokeFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
