import type { LoginInput, PublicUser } from "@common/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { USER_QUERY_KEY } from "./get-user";

export function login(input: LoginInput): Promise<PublicUser> {
  return apiRequest<PublicUser>("POST", "/api/login", input);
}

export function useLogin(options: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // everything cached belongs to whoever was here before
      queryClient.clear();
      queryClient.setQueryData(USER_QUERY_KEY, user);
      options.onSuccess?.(user);
    },
  });
}
