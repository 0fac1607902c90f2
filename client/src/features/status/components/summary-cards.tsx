import type { StatusStatistics } from "@common/schemas/statistics";
import { CalendarClock, Percent, PiggyBank, ShoppingBag, TrendingUp, Wallet } from "lucide-react";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";
import { formatGrowth, formatMembership, formatOptionalPercent, growthTone } from "../lib/status-format";

export function SummaryCards({ stats }: { stats: StatusStatistics }) {
  const f = useFormat();
  const growth = stats.salesPerformance.profitGrowth;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
      <MetricTile
        label="Membro há"
        value={formatMembership(stats.timeOnServer)}
        icon={CalendarClock}
        tone="muted"
      />
      <MetricTile label="Total Gasto" value={f.money(stats.totalExpenses)} icon={Wallet} tone="warning" />
      <MetricTile label="ROI" value={formatOptionalPercent(stats.roi, f)} icon={PiggyBank} tone="success" />
      <MetricTile label="Margem Média" value={formatOptionalPercent(stats.averageMargin, f)} icon={Percent} />
      <MetricTile label="Vendas (30 dias)" value={stats.salesPerformance.recentSales} icon={ShoppingBag} />
      <MetricTile
        label="Crescimento"
        value={formatGrowth(growth, f)}
        icon={TrendingUp}
        tone={growthTone(growth)}
        hint="Lucro vs. 30 dias anteriores"
      />
    </div>
  );
}
