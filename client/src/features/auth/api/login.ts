import type { LoginInput, PublicUser } from "@common/schemas/auth";
import { isTwoFactorChallenge, type LoginAnswer, type LoginTwoFactorInput } from "@common/schemas/two-factor";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { USER_QUERY_KEY } from "@/lib/auth";
import { apiRequest } from "@/lib/http";
import { forgetOfflineCopy } from "@/lib/offline-copy";

export const login = (input: LoginInput) => apiRequest<LoginAnswer>("POST", "/api/login", input);

export const loginTwoFactor = (input: LoginTwoFactorInput) =>
  apiRequest<PublicUser>("POST", "/api/login/two-factor", input);

function signedIn(queryClient: QueryClient, user: PublicUser) {
  // cached data belongs to whoever was here before; the user query itself must stay, since
  // the auth gate observes it (clear() would leave that observer on a removed query)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0] });
  forgetOfflineCopy();
  queryClient.setQueryData(USER_QUERY_KEY, user);
}

/** the password step: signed in, or (2FA) the challenge the code step must bring back */
export function useLogin(
  options: { onSuccess?: (user: PublicUser) => void; onChallenge?: (challenge: string) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) {
        options.onChallenge?.(answer.challenge);
        return;
      }
      signedIn(queryClient, answer);
      options.onSuccess?.(answer);
    },
  });
}

/** the code step of an account with 2FA */
export function useLoginTwoFactor(options: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: (user) => {
      signedIn(queryClient, user);
      options.onSuccess?.(user);
    },
  });
}
