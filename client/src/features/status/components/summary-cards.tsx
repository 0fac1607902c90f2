import type { StatusStatistics } from "@common/schemas/statistics";
import { CalendarClock, Percent, PiggyBank, ShoppingBag, TrendingUp, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";
import { formatGrowth, formatMembership, formatOptionalPercent, growthTone } from "../lib/status-format";

/** `inPeriod`: a period is chosen, so the sales tile counts its sales and growth compares it with the one before */
export function SummaryCards({ stats, inPeriod = false }: { stats: StatusStatistics; inPeriod?: boolean }) {
  const f = useFormat();
  const { t } = useTranslation("status");
  const growth = stats.salesPerformance.profitGrowth;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
      <MetricTile
        label={t("summary.memberFor")}
        value={formatMembership(stats.timeOnServer)}
        icon={CalendarClock}
        tone="muted"
      />
      <MetricTile
        label={t("summary.totalSpent")}
        value={f.money(stats.totalExpenses)}
        icon={Wallet}
        tone="warning"
      />
      <MetricTile
        label={t("summary.roi")}
        value={formatOptionalPercent(stats.roi, f)}
        icon={PiggyBank}
        tone="success"
      />
      <MetricTile
        label={t("summary.averageMargin")}
        value={formatOptionalPercent(stats.averageMargin, f)}
        icon={Percent}
      />
      <MetricTile
        label={inPeriod ? t("period.sales") : t("summary.recentSales")}
        value={inPeriod ? stats.salesPerformance.totalSales : stats.salesPerformance.recentSales}
        icon={ShoppingBag}
      />
      <MetricTile
        label={t("summary.growth")}
        value={formatGrowth(growth, f)}
        icon={TrendingUp}
        tone={growthTone(growth)}
        hint={inPeriod ? t("period.growthHint") : t("summary.growthHint")}
      />
    </div>
  );
}
