import { ShieldAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";

/** which explanation the denied screen gives: a key of the admin catalogue's `accessDenied` */
export type DeniedMessage = "users" | "panel";
export const ADMIN_USERS_DENIED: DeniedMessage = "users";
export const ADMIN_PANEL_DENIED: DeniedMessage = "panel";

export function AccessDenied({ message = ADMIN_USERS_DENIED }: { message?: DeniedMessage }) {
  const { t } = useTranslation("admin");
  return (
    <Card className="mx-auto mt-8 w-full max-w-lg border-destructive/30">
      <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <ShieldAlert className="size-6" />
        </span>
        <h1 className="text-xl font-semibold">{t("accessDenied.title")}</h1>
        <p className="text-sm text-muted-foreground">{t(`accessDenied.${message}`)}</p>
      </CardContent>
    </Card>
  );
}
