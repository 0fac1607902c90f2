import { DEFAULT_USER_SETTINGS, restoreDefaultsRequest } from "@common/schemas/settings";
import { RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useTheme } from "@/lib/theme-provider";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useUpdateSettings } from "../api/update-settings";

/**
 * Users restore their own preferences; an admin restores the installation's groups as well. Without
 * e-mail on the server the e-mail switch keeps its value (its default, on, would be refused).
 */
export function RestoreDefaultsButton({
  admin,
  emailConfigured,
  onRestored,
}: {
  admin: boolean;
  emailConfigured: boolean;
  onRestored: () => void;
}) {
  const { setTheme } = useTheme();
  const update = useUpdateSettings();
  const { t } = useTranslation("settings");
  const restore = () =>
    update.mutate(restoreDefaultsRequest(admin, emailConfigured), {
      onSuccess: () => {
        setTheme(DEFAULT_USER_SETTINGS.theme);
        onRestored();
        toast.success(t("restore.done"));
      },
    });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" disabled={update.isPending}>
          <RotateCcw />
          {t("restore.button")}
        </Button>
      }
      title={t("restore.title")}
      description={
        <>
          <span className="block">
            {t(emailConfigured ? "restore.description" : "restore.descriptionNoEmail")}
          </span>
          <span className="mt-2 block">{t("restore.kept")}</span>
          {admin && <span className="mt-2 block">{t("restore.adminToo")}</span>}
        </>
      }
      confirmLabel={t("restore.confirm")}
      onConfirm={restore}
    />
  );
}
