import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";

export function AdminWarningCard() {
  const { t } = useTranslation("profile");
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4 text-sm"
    >
      <TriangleAlert className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="space-y-1">
        <p className="font-semibold">{t("adminWarning.title")}</p>
        <p className="text-muted-foreground">{t("adminWarning.text")}</p>
      </div>
    </div>
  );
}
