import { isAdmin } from "@common/schemas/auth";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

export function RoleBadge({ role }: { role: string }) {
  const admin = isAdmin({ role });
  const { t } = useTranslation("admin");
  return <Badge variant={admin ? "default" : "secondary"}>{admin ? t("role.admin") : t("role.user")}</Badge>;
}
