import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";
import { toastFailure } from "@/lib/mutation-feedback";

export const deleteUser = (id: number) => apiRequest<{ message: string }>("DELETE", `/api/admin/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => toast.success(i18n.t("admin:toast.userDeleted")),
    onError: toastFailure("admin:toast.deleteUserFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
