import type { UpdateSettingsInput } from "@common/schemas/settings";
import { toast } from "sonner";
import { useUpdateSettings } from "../api/update-settings";

type Group = keyof UpdateSettingsInput;

/**
 * Saving one settings tab: validate the draft with the server's schema, send only that group,
 * then drop the draft (the saved values come back from the server) and confirm.
 */
export function useSaveGroup<G extends Group>(
  group: G,
  draft: { validate(): NonNullable<UpdateSettingsInput[G]> | null; reset(): void },
  /** called when the save succeeds, so the toast is in the language then in force */
  successMessage: () => string,
) {
  const update = useUpdateSettings();
  const save = () => {
    const value = draft.validate();
    if (!value) return;
    update.mutate({ [group]: value } as UpdateSettingsInput, {
      onSuccess: () => {
        draft.reset();
        toast.success(successMessage());
      },
    });
  };
  return { save, saving: update.isPending };
}
