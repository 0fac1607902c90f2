import type { DashboardStatistics, MonitorStats } from "@common/schemas/products";
import type { LucideIcon } from "lucide-react";
import { Activity, CheckCircle2, Monitor, Package, XCircle } from "lucide-react";
import { Card } from "@/components/ui/card";

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: string;
  hint?: string;
  tone: string;
}

function StatCard({ icon: Icon, label, value, hint, tone }: StatCardProps) {
  return (
    <Card className="gap-2 px-4 py-4">
      {/* two lines kept for every label, so the figures line up when one label wraps */}
      <div className="flex items-start justify-between gap-2">
        <p className="min-h-10 text-sm leading-5 text-muted-foreground">{label}</p>
        <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-4" />
        </span>
      </div>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

interface StatsProps {
  stats: DashboardStatistics | undefined;
  monitor: MonitorStats | undefined;
}

export function StatCards({ stats, monitor }: StatsProps) {
  const available = monitor ? Math.max(0, monitor.limit - monitor.currentCount) : 0;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <StatCard
        icon={Monitor}
        label="Monitores Ativos"
        value={monitor ? `${monitor.activeMonitors}/${monitor.limit}` : "—"}
        hint={monitor ? `${available} ${available === 1 ? "disponível" : "disponíveis"}` : undefined}
        tone="bg-primary/10 text-primary"
      />
      <StatCard
        icon={CheckCircle2}
        label="Em Stock"
        value={String(stats?.inStockProducts ?? "—")}
        tone="bg-success/12 text-success"
      />
      <StatCard
        icon={XCircle}
        label="Esgotados"
        value={String(stats?.outOfStockProducts ?? "—")}
        tone="bg-destructive/12 text-destructive"
      />
      <StatCard
        icon={Activity}
        label="Atividades Hoje"
        value={String(stats?.todayActivities ?? "—")}
        tone="bg-warning/15 text-[oklch(0.55_0.14_65)] dark:text-warning"
      />
      <StatCard
        icon={Package}
        label="Total de Produtos"
        value={String(stats?.totalProducts ?? "—")}
        tone="bg-secondary text-secondary-foreground"
      />
    </div>
  );
}

/** SPEC: mobile shows 'Monitores Ativos: x/y' and four small counts */
export function MobileStats({ stats, monitor }: StatsProps) {
  const counts = [
    ["Produtos", stats?.totalProducts],
    ["Disponíveis", stats?.inStockProducts],
    ["Esgotados", stats?.outOfStockProducts],
    ["Atividades", stats?.todayActivities],
  ] as const;
  return (
    <div className="space-y-2 rounded-xl border bg-card p-3">
      <p className="text-sm font-medium">
        Monitores Ativos: {monitor ? `${monitor.activeMonitors}/${monitor.limit}` : "—"}
      </p>
      <div className="grid grid-cols-4 gap-2 text-center">
        {counts.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-muted/50 px-1 py-2">
            <p className="text-lg font-semibold tabular-nums">{value ?? "—"}</p>
            <p className="truncate text-[11px] text-muted-foreground">{label}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
