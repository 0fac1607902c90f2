import type { PublicUser } from "@common/schemas/auth";
import type { UpdateUserInput } from "@common/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { USER_QUERY_KEY } from "@/lib/auth";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";
import { toastFailure } from "@/lib/mutation-feedback";

export const updateUser = ({ id, ...changes }: UpdateUserInput & { id: number }) =>
  apiRequest<PublicUser>("PUT", `/api/admin/users/${id}`, changes);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => toast.success(i18n.t("admin:toast.userUpdated")),
    onError: toastFailure("admin:toast.updateUserFailed"),
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY });
      // the admin may have changed their own limit
      queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      queryClient.invalidateQueries({ queryKey: ["/api/user/monitor-stats"] });
    },
  });
}
