import type { DashboardStatistics, MonitorStats } from "@common/schemas/products";
import { Activity, CheckCircle2, Monitor, Package, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MetricTile } from "@/components/metric-tile";

interface StatsProps {
  stats: DashboardStatistics | undefined;
  monitor: MonitorStats | undefined;
}

export function StatCards({ stats, monitor }: StatsProps) {
  const { t } = useTranslation("monitor");
  const available = monitor ? Math.max(0, monitor.limit - monitor.currentCount) : 0;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
      <MetricTile
        icon={Monitor}
        label={t("stats.activeMonitors")}
        value={monitor ? `${monitor.activeMonitors}/${monitor.limit}` : "—"}
        hint={monitor ? t("stats.available", { count: available }) : undefined}
        tone="primary"
      />
      <MetricTile
        icon={CheckCircle2}
        label={t("stats.inStock")}
        value={String(stats?.inStockProducts ?? "—")}
        tone="success"
      />
      <MetricTile
        icon={XCircle}
        label={t("stats.soldOut")}
        value={String(stats?.outOfStockProducts ?? "—")}
        tone="destructive"
      />
      <MetricTile
        icon={Activity}
        label={t("stats.activitiesToday")}
        value={String(stats?.todayActivities ?? "—")}
        tone="warning"
      />
      <MetricTile
        icon={Package}
        label={t("stats.totalProducts")}
        value={String(stats?.totalProducts ?? "—")}
        tone="muted"
      />
    </div>
  );
}

/** on phones (docs/product.md): 'Monitores Ativos: x/y' and four small counts */
export function MobileStats({ stats, monitor }: StatsProps) {
  const { t } = useTranslation("monitor");
  const counts = [
    [t("stats.products"), stats?.totalProducts],
    [t("stats.availableShort"), stats?.inStockProducts],
    [t("stats.soldOut"), stats?.outOfStockProducts],
    [t("stats.activities"), stats?.todayActivities],
  ] as const;
  return (
    <div className="space-y-2 rounded-xl border bg-card p-3">
      <p className="text-sm font-medium">
        {t("stats.activeMonitorsValue", {
          value: monitor ? `${monitor.activeMonitors}/${monitor.limit}` : "—",
        })}
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
