import type { InventoryStatistics } from "@common/schemas/inventory";
import { Boxes, CheckCircle2, PackageCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function InventoryStats({ stats }: { stats: InventoryStatistics | null | undefined }) {
  const f = useFormat();
  const { t } = useTranslation("inventory");
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label={t("stats.totalItems")} value={stats?.totalItems ?? 0} icon={Boxes} />
      <MetricTile label={t("stats.inStock")} value={stats?.inStock ?? 0} icon={PackageCheck} tone="success" />
      <MetricTile label={t("stats.sold")} value={stats?.sold ?? 0} icon={CheckCircle2} tone="warning" />
      <MetricTile
        label={t("stats.totalRevenue")}
        value={f.money(stats?.totalRevenue)}
        icon={currencyIcon(f.currency)}
        tone="primary"
      />
    </div>
  );
}
