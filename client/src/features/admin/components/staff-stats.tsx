import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { Gauge, Shield, User, Users } from "lucide-react";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function StaffStats({ users }: { users: PublicUser[] }) {
  const f = useFormat();
  const admins = users.filter(isAdmin).length;
  const average = users.length ? users.reduce((sum, u) => sum + u.monitorLimit, 0) / users.length : 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <MetricTile label="Total de utilizadores" value={users.length} icon={Users} />
      <MetricTile label="Administradores" value={admins} icon={Shield} tone="warning" />
      <MetricTile label="Utilizadores normais" value={users.length - admins} icon={User} tone="success" />
      <MetricTile label="Limite médio de monitores" value={f.number(average, 1)} icon={Gauge} tone="muted" />
    </div>
  );
}
