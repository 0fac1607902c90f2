import { CheckCircle2, KeyRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** what each role may do, in the words a user reads */
const PERMISSIONS = {
  admin: [
    "permissions.admin.fullAccess",
    "permissions.admin.manageUsers",
    "permissions.admin.configureMonitors",
    "permissions.admin.allStatistics",
    "permissions.admin.manageSettings",
    "permissions.admin.fullHistory",
    "permissions.admin.editMetrics",
  ],
  user: [
    "permissions.user.manageOwnMonitors",
    "permissions.user.ownHistory",
    "permissions.user.stockNotifications",
    "permissions.user.ownBooks",
    "permissions.user.personalSettings",
  ],
} as const;

export function PermissionsCard({ admin }: { admin: boolean }) {
  const list = admin ? PERMISSIONS.admin : PERMISSIONS.user;
  const { t } = useTranslation("profile");
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5 text-primary" />
          {t("permissions.title")}
        </CardTitle>
        <CardDescription>
          {t("permissions.description", { role: admin ? t("roles.admin") : t("roles.user") })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5">
          {list.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" />
              {t(item)}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
