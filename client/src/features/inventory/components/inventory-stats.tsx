import type { InventoryStatistics } from "@common/schemas/inventory";
import { Boxes, CheckCircle2, PackageCheck } from "lucide-react";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function InventoryStats({ stats }: { stats: InventoryStatistics | null | undefined }) {
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label="Total de Itens" value={stats?.totalItems ?? 0} icon={Boxes} />
      <MetricTile label="Em Stock" value={stats?.inStock ?? 0} icon={PackageCheck} tone="success" />
      <MetricTile label="Vendidos" value={stats?.sold ?? 0} icon={CheckCircle2} tone="warning" />
      <MetricTile
        label="Receita Total"
        value={f.money(stats?.totalRevenue)}
        icon={currencyIcon(f.currency)}
        tone="primary"
      />
    </div>
  );
}
