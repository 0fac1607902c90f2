import type { PublicUser } from "@common/schemas/auth";
import type { AcceptInviteInput, InviteCheck } from "@common/schemas/invites";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "@/lib/auth";
import { apiRequest } from "@/lib/http";

export function useInviteCheck(token: string) {
  return useQuery({
    queryKey: ["/api/invites", token],
    queryFn: () => apiRequest<InviteCheck>("GET", `/api/invites/${encodeURIComponent(token)}`),
    retry: false,
  });
}

/** the new account, signed in: whatever the browser had cached belonged to someone else */
export function useAcceptInvite(token: string, { onSuccess }: { onSuccess: (user: PublicUser) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInviteInput) =>
      apiRequest<PublicUser>("POST", `/api/invites/${encodeURIComponent(token)}/accept`, input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      onSuccess(user);
    },
  });
}
