import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";
import { toastFailure } from "@/lib/mutation-feedback";

/** a new random password for the user, answered once; the user's sessions end */
export const resetPassword = (id: number) =>
  apiRequest<{ password: string }>("POST", `/api/admin/users/${id}/reset-password`);

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onError: toastFailure("admin:toast.updateUserFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
