import type { UpdateSettingsInput } from "@common/schemas/settings";
import { toast } from "sonner";
import { i18n } from "@/lib/i18n";
import { useUpdateSettings } from "../api/update-settings";

type Group = keyof UpdateSettingsInput;

/**
 * Saving one settings tab: validate the draft with the server's schema, send only that group,
 * then drop the draft (the saved values come back from the server) and confirm.
 */
export function useSaveGroup<G extends Group>(
  group: G,
  draft: { validate(): Promise<NonNullable<UpdateSettingsInput[G]> | null>; reset(): void },
  /** the confirmation, written when the save succeeds: a saved language is already in force then */
  successKey: "global.saved" | "user.saved" | "system.saved",
) {
  const update = useUpdateSettings();
  const save = async () => {
    const value = await draft.validate();
    if (!value) return;
    update.mutate({ [group]: value } as UpdateSettingsInput, {
      onSuccess: () => {
        draft.reset();
        toast.success(i18n.t(`settings:${successKey}`));
      },
    });
  };
  return { save, saving: update.isPending };
}
