import type { PublicUser } from "@common/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { toastFailure } from "@/lib/mutation-feedback";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";

/** for a user who lost the phone and the recovery codes: the password alone signs in again */
export const removeTwoFactor = (id: number) =>
  apiRequest<PublicUser>("DELETE", `/api/admin/users/${id}/two-factor`);

export function useRemoveTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTwoFactor,
    onSuccess: () => toast.success(i18n.t("admin:editUser.twoFactorRemoved")),
    onError: toastFailure("admin:toast.updateUserFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
