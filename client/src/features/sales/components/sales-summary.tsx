import { CalendarDays, Package, Percent, TrendingUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";
import type { SalesSummary } from "../lib/sales-view";

/**
 * the totals of the sales listed (the period's); with a period chosen, the last tile is the
 * period's margin rather than "this month", which a past period would always show as 0
 */
export function SalesSummaryCards({
  summary,
  inPeriod = false,
}: {
  summary: SalesSummary;
  inPeriod?: boolean;
}) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile
        label={t("summary.totalRevenue")}
        value={f.money(summary.revenue)}
        icon={currencyIcon(f.currency)}
      />
      <MetricTile
        label={t("summary.totalProfit")}
        value={f.money(summary.profit)}
        icon={TrendingUp}
        tone={summary.profit.startsWith("-") ? "destructive" : "success"}
      />
      <MetricTile label={t("summary.itemsSold")} value={summary.count} icon={Package} tone="warning" />
      {inPeriod ? (
        <MetricTile
          label={t("period.margin")}
          value={summary.margin === null ? "—" : f.percent(summary.margin)}
          icon={Percent}
          tone="muted"
        />
      ) : (
        <MetricTile
          label={t("summary.thisMonth")}
          value={summary.thisMonth}
          icon={CalendarDays}
          tone="muted"
        />
      )}
    </div>
  );
}

/** revenue, profit, today's count (with a period chosen: the period's count), margin */
export function SalesMobileSummary({
  summary,
  inPeriod = false,
}: {
  summary: SalesSummary;
  inPeriod?: boolean;
}) {
  const f = useFormat();
  const { t } = useTranslation("sales");
  return (
    <div className="grid grid-cols-2 gap-3">
      <MetricTile
        label={t("summary.revenue")}
        value={f.money(summary.revenue)}
        icon={currencyIcon(f.currency)}
      />
      <MetricTile
        label={t("summary.profit")}
        value={f.money(summary.profit)}
        icon={TrendingUp}
        tone={summary.profit.startsWith("-") ? "destructive" : "success"}
      />
      <MetricTile
        label={inPeriod ? t("period.sales") : t("summary.today")}
        value={inPeriod ? summary.count : summary.today}
        icon={CalendarDays}
        tone="warning"
      />
      <MetricTile
        label={t("summary.margin")}
        value={summary.margin === null ? "—" : f.percent(summary.margin)}
        icon={Percent}
        tone="muted"
      />
    </div>
  );
}
