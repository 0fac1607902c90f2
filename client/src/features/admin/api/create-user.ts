import type { PublicUser } from "@common/schemas/auth";
import type { CreateUserInput } from "@common/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";
import { toastFailure } from "@/lib/mutation-feedback";

export const createUser = (input: CreateUserInput) =>
  apiRequest<PublicUser>("POST", "/api/admin/users", input);

export function useCreateUser({ onSuccess }: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: (user) => {
      toast.success(i18n.t("admin:toast.userCreated"));
      onSuccess?.(user);
    },
    onError: toastFailure("admin:toast.createUserFailed"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
