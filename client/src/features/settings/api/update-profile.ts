import type { PublicUser } from "@common/schemas/auth";
import type { UpdateProfileInput } from "@common/schemas/users";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { USER_QUERY_KEY } from "@/features/auth/api/get-user";
import { apiRequest, errorMessage } from "@/lib/http";

/** the Perfil tab saves through the same route as the Profile page */
export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest<PublicUser>("PUT", "/api/user/profile", input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(USER_QUERY_KEY, user);
      toast.success("Perfil atualizado");
    },
    onError: (error) =>
      toast.error("Erro ao atualizar perfil", { description: errorMessage(error, "Erro desconhecido") }),
  });
}
