import type {
  ConfirmTwoFactorInput,
  DisableTwoFactorInput,
  RecoveryCodes,
  RegenerateRecoveryCodesInput,
  TwoFactorSetup,
  TwoFactorStatus,
} from "@common/schemas/two-factor";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { USER_QUERY_KEY } from "@/lib/auth";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";

export const TWO_FACTOR_QUERY_KEY = ["/api/user/two-factor"] as const;

export function useTwoFactorStatus() {
  return useQuery({
    queryKey: TWO_FACTOR_QUERY_KEY,
    queryFn: () => apiRequest<TwoFactorStatus>("GET", "/api/user/two-factor"),
  });
}

/** whether 2FA is on shows in the user (the frame's policy) and in the card's status: both are read again */
function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
    ]);
}

/** a new secret to scan; not active until its first code is confirmed */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: () => apiRequest<TwoFactorSetup>("POST", "/api/user/two-factor/setup"),
  });
}

export function useConfirmTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: ConfirmTwoFactorInput) =>
      apiRequest<RecoveryCodes>("POST", "/api/user/two-factor/confirm", input),
    onSuccess: () => toast.success(i18n.t("profile:twoFactor.enabled")),
    onSettled: refresh,
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: DisableTwoFactorInput) =>
      apiRequest<{ message: string }>("POST", "/api/user/two-factor/disable", input),
    onSuccess: () => toast.success(i18n.t("profile:twoFactor.disabled")),
    onSettled: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshTwoFactor();
  return useMutation({
    mutationFn: (input: RegenerateRecoveryCodesInput) =>
      apiRequest<RecoveryCodes>("POST", "/api/user/two-factor/recovery-codes", input),
    onSettled: refresh,
  });
}
