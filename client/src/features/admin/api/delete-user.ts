import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { ADMIN_USERS_QUERY_KEY } from "./get-users";

export const deleteUser = (id: number) => apiRequest<{ message: string }>("DELETE", `/api/admin/users/${id}`);

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => toast.success("Usuário excluído com sucesso"),
    onError: (error) => toast.error(errorMessage(error, "Erro ao eliminar utilizador")),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_USERS_QUERY_KEY }),
  });
}
