import type { PublicUser } from "@common/schemas/auth";
import { mustEnrolTwoFactor } from "@common/schemas/two-factor";
import type { UpdateProfileInput } from "@common/schemas/users";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, getOrNullOn401 } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";
import { getSettingsQueryOptions } from "@/lib/user-settings";

/** The logged-in user: read by every screen, changed by the Profile page and the Perfil tab. */
export const USER_QUERY_KEY = ["/api/user"] as const;

/** 401 means "nobody logged in" (null) */
export const getUser = () => getOrNullOn401<PublicUser>("/api/user");

/** the user stays fresh for 5 minutes */
export function getUserQueryOptions() {
  return queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: getUser,
    staleTime: 5 * 60 * 1000,
  });
}

export function useUser() {
  return useQuery(getUserQueryOptions());
}

export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest<PublicUser>("PUT", "/api/user/profile", input);

export function useUpdateProfile({ onSuccess }: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast.success(i18n.t("common:profileToast.updated"));
      onSuccess?.(user);
    },
    onError: toastFailure("common:unknownError", "common:profileToast.updateFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}

/**
 * An admin without 2FA while the admins must use it: the server refuses everything but the
 * enrolment, so the frame keeps them on Perfil's card (false until the settings are read).
 */
export function useMustEnrolTwoFactor(): boolean {
  const { data: user } = useUser();
  const { data: global } = useQuery({
    ...getSettingsQueryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    select: (settings) => settings.global,
  });
  return !!user && !!global && mustEnrolTwoFactor(user, global);
}
