import type { PublicUser } from "@common/schemas/auth";
import { isAdmin } from "@common/schemas/auth";
import { Gauge, Shield, User, Users } from "lucide-react";
import { StatCard } from "@/components/stat-card";

const oneDecimal = new Intl.NumberFormat("pt-PT", { maximumFractionDigits: 1 });

export function StaffStats({ users }: { users: PublicUser[] }) {
  const admins = users.filter(isAdmin).length;
  const average = users.length ? users.reduce((sum, u) => sum + u.monitorLimit, 0) / users.length : 0;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Total de utilizadores" value={users.length} icon={Users} />
      <StatCard label="Administradores" value={admins} icon={Shield} tone="warning" />
      <StatCard label="Utilizadores normais" value={users.length - admins} icon={User} tone="success" />
      <StatCard
        label="Limite médio de monitores"
        value={oneDecimal.format(average)}
        icon={Gauge}
        tone="muted"
      />
    </div>
  );
}
