import { Loader2, Lock, Save } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

interface SettingsCardProps {
  title: string;
  description: string;
  readOnly?: boolean;
  saving?: boolean;
  onSave?: () => void;
  saveLabel?: string;
  children: ReactNode;
}

/** One tab's card: its settings as rows, then Save (or the read-only notice for users). */
export function SettingsCard({
  title,
  description,
  readOnly,
  saving,
  onSave,
  saveLabel,
  children,
}: SettingsCardProps) {
  const { t } = useTranslation(["settings", "common"]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y">{children}</CardContent>
      <CardFooter className="justify-end gap-3">
        {readOnly ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock className="size-4" />
            {t("card.adminOnly")}
          </p>
        ) : (
          <Button onClick={onSave} disabled={saving}>
            {saving ? <Loader2 className="animate-spin" /> : <Save />}
            {saveLabel ?? t("common:actions.save")}
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
