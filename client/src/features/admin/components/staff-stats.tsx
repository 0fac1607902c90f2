import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { Gauge, Shield, User, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function StaffStats({ users }: { users: PublicUser[] }) {
  const f = useFormat();
  const { t } = useTranslation("admin");
  const admins = users.filter(isAdmin).length;
  const average = users.length ? users.reduce((sum, u) => sum + u.monitorLimit, 0) / users.length : 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <MetricTile label={t("stats.totalUsers")} value={users.length} icon={Users} />
      <MetricTile label={t("stats.admins")} value={admins} icon={Shield} tone="warning" />
      <MetricTile label={t("stats.regularUsers")} value={users.length - admins} icon={User} tone="success" />
      <MetricTile label={t("stats.averageLimit")} value={f.number(average, 1)} icon={Gauge} tone="muted" />
    </div>
  );
}
