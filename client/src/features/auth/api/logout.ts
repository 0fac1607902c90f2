import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { setFlash } from "@/lib/flash";
import { apiRequest, errorMessage } from "@/lib/http";

export const LOGOUT_MESSAGE = "Logout realizado com sucesso";

export function logout(): Promise<unknown> {
  return apiRequest("POST", "/api/logout");
}

/** after logout the browser goes to /login; a full load drops every cached query */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setFlash(LOGOUT_MESSAGE);
      window.location.assign(paths.login);
    },
    onError: (error) =>
      toast.error("Erro no logout", { description: errorMessage(error, "Erro desconhecido") }),
  });
}
