import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { paths } from "@/config/paths";
import { setFlash } from "@/lib/flash";
import { apiRequest, errorMessage } from "@/lib/http";
import { i18n } from "@/lib/i18n";

export function logout(): Promise<unknown> {
  return apiRequest("POST", "/api/logout");
}

/** after logout the browser goes to /login; a full load drops every cached query */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setFlash(i18n.t("auth:loggedOut"));
      window.location.assign(paths.login);
    },
    onError: (error) =>
      toast.error(i18n.t("auth:logoutFailed"), {
        description: errorMessage(error, i18n.t("common:unknownError")),
      }),
  });
}
