import type { UpdateSettingsInput } from "@common/schemas/settings";
import { toast } from "sonner";
import { i18n } from "@/lib/i18n";
import { useUpdateSettings } from "../api/update-settings";

type Group = keyof UpdateSettingsInput;

/**
 * Saving one settings tab: validate the draft with the server's schema, send only that group,
 * then drop the draft for the values the server answers with and confirm.
 */
export function useSaveGroup<G extends Group>(
  group: G,
  // biome-ignore lint/suspicious/noExplicitAny: each tab's draft takes its own group's values
  draft: { validate(): Promise<NonNullable<UpdateSettingsInput[G]> | null>; reset(next?: any): void },
  /** the confirmation, written when the save succeeds: a saved language is already in force then */
  successKey: "global.saved" | "user.saved" | "system.saved",
) {
  const update = useUpdateSettings();
  const save = async () => {
    const value = await draft.validate();
    if (!value) return;
    update.mutate({ [group]: value } as UpdateSettingsInput, {
      onSuccess: (saved) => {
        // to what the server saved: this render's values are still the ones read before the save
        draft.reset(saved[group]);
        toast.success(i18n.t(`settings:${successKey}`));
      },
    });
  };
  return { save, saving: update.isPending };
}
