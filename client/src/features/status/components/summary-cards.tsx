import type { StatusStatistics } from "@common/schemas/statistics";
import { CalendarClock, Percent, PiggyBank, ShoppingBag, TrendingUp, Wallet } from "lucide-react";
import { StatCard } from "@/components/stat-card";
import { formatEuro } from "@/lib/format";
import { formatGrowth, formatMembership, formatOptionalPercent, growthTone } from "../lib/status-format";

export function SummaryCards({ stats }: { stats: StatusStatistics }) {
  const growth = stats.salesPerformance.profitGrowth;
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <StatCard
        label="Membro há"
        value={formatMembership(stats.timeOnServer)}
        icon={CalendarClock}
        tone="muted"
      />
      <StatCard label="Total Gasto" value={formatEuro(stats.totalExpenses)} icon={Wallet} tone="warning" />
      <StatCard label="ROI" value={formatOptionalPercent(stats.roi)} icon={PiggyBank} tone="success" />
      <StatCard label="Margem Média" value={formatOptionalPercent(stats.averageMargin)} icon={Percent} />
      <StatCard label="Vendas (30 dias)" value={stats.salesPerformance.recentSales} icon={ShoppingBag} />
      <StatCard
        label="Crescimento"
        value={formatGrowth(growth)}
        icon={TrendingUp}
        tone={growthTone(growth)}
        hint="Lucro vs. 30 dias anteriores"
      />
    </div>
  );
}
