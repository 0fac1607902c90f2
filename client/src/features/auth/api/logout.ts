import { useMutation } from "@tanstack/react-query";
import { paths } from "@/config/paths";
import { setFlash } from "@/lib/flash";
import { apiRequest } from "@/lib/http";
import { i18n } from "@/lib/i18n";
import { forgetOfflineCopy } from "@/lib/offline-copy";
import { toastFailure } from "@/lib/mutation-feedback";

export function logout(): Promise<unknown> {
  return apiRequest("POST", "/api/logout");
}

/** after logout the browser goes to /login; a full load drops every cached query */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      setFlash(i18n.t("auth:loggedOut"));
      // this browser keeps nothing of the session for use without network
      forgetOfflineCopy();
      window.location.assign(paths.login);
    },
    onError: toastFailure("common:unknownError", "auth:logoutFailed"),
  });
}
