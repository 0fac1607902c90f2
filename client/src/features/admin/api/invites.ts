import { toastFailure } from "@/lib/mutation-feedback";
import type { CreatedInvite, CreateInviteInput, Invite } from "@common/schemas/invites";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";

export const INVITES_QUERY_KEY = ["/api/admin/invites"] as const;

/** the link the invited person opens; the token is in the path, answered once by the server */
export function inviteLink(token: string): string {
  return `${window.location.origin}/invite/${token}`;
}

export function usePendingInvites() {
  return useQuery({
    queryKey: INVITES_QUERY_KEY,
    queryFn: () => apiRequest<Invite[]>("GET", "/api/admin/invites"),
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => apiRequest<CreatedInvite>("POST", "/api/admin/invites", input),
    onError: toastFailure("admin:invites.createFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_QUERY_KEY }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<{ message: string }>("DELETE", `/api/admin/invites/${id}`),
    onSuccess: () => toast.success(i18n.t("admin:invites.revoked")),
    onError: toastFailure("admin:invites.revokeFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_QUERY_KEY }),
  });
}
