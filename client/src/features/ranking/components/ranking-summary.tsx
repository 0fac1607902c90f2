import { addMoney } from "@common/money";
import type { RankingEntry } from "@common/schemas/ranking";
import { Euro, Package, TrendingUp, Users } from "lucide-react";
import { MetricTile } from "@/components/metric-tile";
import { formatEuro } from "@/lib/format";

export function RankingSummary({ entries }: { entries: RankingEntry[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label="Vendedores" value={entries.length} icon={Users} />
      <MetricTile
        label="Receita Total"
        value={formatEuro(addMoney(...entries.map((e) => e.totalRevenue)))}
        icon={Euro}
      />
      <MetricTile
        label="Lucro Total"
        value={formatEuro(addMoney(...entries.map((e) => e.totalProfit)))}
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
