import type { StatusStatistics } from "@common/schemas/statistics";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/user-settings";
import { formatGrowth } from "../lib/status-format";
import { FigureList } from "./figure-list";

const signTone = (value: string | null) =>
  value === null ? undefined : value.startsWith("-") ? "text-destructive" : "text-success";

/** `inPeriod`: growth compares the chosen period with the one before, and "recent" is the period itself */
export function SalesPerformanceCard({
  stats,
  inPeriod = false,
}: {
  stats: StatusStatistics;
  inPeriod?: boolean;
}) {
  const f = useFormat();
  const { t } = useTranslation("status");
  const p = stats.salesPerformance;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("performance.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <FigureList
          figures={[
            {
              label: t("performance.bestMonth"),
              value: p.bestMonth
                ? `${f.monthName(p.bestMonth)} · ${f.money(p.bestMonthProfit)}`
                : t("performance.noSales"),
            },
            {
              label: inPeriod ? t("period.growth") : t("performance.growth"),
              value: formatGrowth(p.profitGrowth, f),
              className: signTone(p.profitGrowth),
            },
            ...(inPeriod ? [] : [{ label: t("performance.recentSales"), value: p.recentSales }]),
            { label: inPeriod ? t("period.sales") : t("performance.totalSales"), value: p.totalSales },
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function InventoryStatusCard({ stats }: { stats: StatusStatistics }) {
  const f = useFormat();
  const { t } = useTranslation("status");
  const s = stats.inventoryStatus;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("inventory.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <FigureList
          figures={[
            { label: t("inventory.totalItems"), value: s.totalItems },
            { label: t("inventory.inStock"), value: s.inStock },
            { label: t("inventory.sold"), value: s.sold },
            { label: t("inventory.pending"), value: s.pending },
            { label: t("inventory.inTransit"), value: s.inTransit },
            { label: t("inventory.totalRevenue"), value: f.money(s.totalRevenue) },
            {
              label: t("inventory.salesProfit"),
              value: f.money(s.salesProfit),
              className: signTone(s.salesProfit),
            },
            { label: t("inventory.expenses"), value: f.money(stats.expenses) },
            {
              label: t("inventory.totalProfit"),
              value: f.money(s.totalProfit),
              className: signTone(s.totalProfit),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}
