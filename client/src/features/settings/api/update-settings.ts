import type { SettingsResponse, UpdateSettingsInput } from "@common/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { apiRequest, errorMessage } from "@/lib/http";
import { applyLanguage, i18n } from "@/lib/i18n";
import { SETTINGS_QUERY_KEY } from "./get-settings";

export const updateSettings = (input: UpdateSettingsInput) =>
  apiRequest<SettingsResponse>("PUT", "/api/settings", input);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => {
      // the new language first, so the confirmation that follows is already written in it
      applyLanguage(saved.user.language);
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
    },
    onError: (error) =>
      toast.error(i18n.t("settings:toast.saveFailed"), {
        description: errorMessage(error, i18n.t("common:unknownError")),
      }),
  });
}
