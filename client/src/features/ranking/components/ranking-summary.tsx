import { addMoney } from "@common/money";
import type { RankingEntry } from "@common/schemas/ranking";
import { Package, TrendingUp, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function RankingSummary({ entries }: { entries: RankingEntry[] }) {
  const f = useFormat();
  const { t } = useTranslation("ranking");
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label={t("summary.sellers")} value={entries.length} icon={Users} />
      <MetricTile
        label={t("summary.totalRevenue")}
        value={f.money(addMoney(...entries.map((e) => e.totalRevenue)))}
        icon={currencyIcon(f.currency)}
      />
      <MetricTile
        label={t("summary.totalProfit")}
        value={f.money(addMoney(...entries.map((e) => e.totalProfit)))}
        icon={TrendingUp}
        tone="success"
      />
      <MetricTile
        label={t("summary.itemsSold")}
        value={entries.reduce((sum, e) => sum + e.soldItems, 0)}
        icon={Package}
        tone="warning"
      />
    </div>
  );
}
