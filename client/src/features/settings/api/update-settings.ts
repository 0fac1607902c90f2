import type { SettingsResponse, UpdateSettingsInput } from "@common/schemas/settings";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/http";
import { applyLanguage } from "@/lib/i18n";
import { SETTINGS_QUERY_KEY } from "./get-settings";
import { toastFailure } from "@/lib/mutation-feedback";

export const updateSettings = (input: UpdateSettingsInput) =>
  apiRequest<SettingsResponse>("PUT", "/api/settings", input);

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: async (saved) => {
      // the new language first (awaited: its catalogue may be fetched), so the confirmation that
      // follows is already written in it
      await applyLanguage(saved.user.language);
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
    },
    onError: toastFailure("common:unknownError", "settings:toast.saveFailed"),
  });
}
