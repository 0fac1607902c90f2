import type { PublicUser } from "@common/schemas/auth";
import type { UpdateProfileInput } from "@common/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { USER_QUERY_KEY } from "@/features/auth/api/get-user";
import { apiRequest, errorMessage } from "@/lib/http";

export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest<PublicUser>("PUT", "/api/user/profile", input);

export function useUpdateProfile({ onSuccess }: { onSuccess?: (user: PublicUser) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast.success("Perfil atualizado");
      onSuccess?.(user);
    },
    onError: (error) =>
      toast.error("Erro ao atualizar perfil", { description: errorMessage(error, "Erro desconhecido") }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
  });
}
