import type { ChangePasswordInput, SessionInfo } from "@common/schemas/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";

export const MY_SESSIONS_QUERY_KEY = ["/api/user/sessions"] as const;

export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<{ message: string }>("PUT", "/api/user/password", input);

/** Perfil: a new password; the server ends the other sessions, so their list is read again */
export function useChangePassword({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      toast.success(i18n.t("profile:password.changed"));
      onSuccess?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_SESSIONS_QUERY_KEY }),
  });
}

export function useMySessions() {
  return useQuery({
    queryKey: MY_SESSIONS_QUERY_KEY,
    queryFn: () => apiRequest<SessionInfo[]>("GET", "/api/user/sessions"),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>("DELETE", `/api/user/sessions/${id}`),
    onSuccess: () => toast.success(i18n.t("profile:sessions.ended")),
    onError: toastFailure("profile:sessions.endFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_SESSIONS_QUERY_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ ended: number }>("POST", "/api/user/sessions/end-others"),
    onSuccess: ({ ended }) => toast.success(i18n.t("profile:sessions.endedOthers", { count: ended })),
    onError: toastFailure("profile:sessions.endFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MY_SESSIONS_QUERY_KEY }),
  });
}
