import type { LoginInput, PublicUser } from "@common/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { USER_QUERY_KEY } from "@/lib/auth";

export function login(input: LoginInput): Promise<PublicUser> {
  return apiRequest<PublicUser>("POST", "/api/login", input);
}

export function useLogin(options: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // cached data belongs to whoever was here before; the user query itself must stay, since
      // the auth gate observes it (clear() would leave that observer on a removed query)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
      queryClient.setQueryData(USER_QUERY_KEY, user);
      options.onSuccess?.(user);
    },
  });
}
