import { addMoney } from "@common/money";
import type { RankingEntry } from "@common/schemas/ranking";
import { Package, TrendingUp, Users } from "lucide-react";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";

export function RankingSummary({ entries }: { entries: RankingEntry[] }) {
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label="Vendedores" value={entries.length} icon={Users} />
      <MetricTile
        label="Receita Total"
        value={f.money(addMoney(...entries.map((e) => e.totalRevenue)))}
        icon={currencyIcon(f.currency)}
      />
      <MetricTile
        label="Lucro Total"
        value={f.money(addMoney(...entries.map((e) => e.totalProfit)))}
        icon={TrendingUp}
        tone="success"
      />
      <MetricTile
        label="Itens Vendidos"
        value={entries.reduce((sum, e) => sum + e.soldItems, 0)}
        icon={Package}
        tone="warning"
      />
    </div>
  );
}
