import { CalendarDays, Package, Percent, TrendingUp } from "lucide-react";
import { currencyIcon } from "@/components/currency-icon";
import { MetricTile } from "@/components/metric-tile";
import { useFormat } from "@/lib/user-settings";
import type { SalesSummary } from "../lib/sales-view";

export function SalesSummaryCards({ summary }: { summary: SalesSummary }) {
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label="Receita Total" value={f.money(summary.revenue)} icon={currencyIcon(f.currency)} />
      <MetricTile
        label="Lucro Total"
        value={f.money(summary.profit)}
        icon={TrendingUp}
        tone={summary.profit.startsWith("-") ? "destructive" : "success"}
      />
      <MetricTile label="Itens Vendidos" value={summary.count} icon={Package} tone="warning" />
      <MetricTile label="Vendas Este Mês" value={summary.thisMonth} icon={CalendarDays} tone="muted" />
    </div>
  );
}

/** revenue, profit, today's count, margin */
export function SalesMobileSummary({ summary }: { summary: SalesSummary }) {
  const f = useFormat();
  return (
    <div className="grid grid-cols-2 gap-3">
      <MetricTile label="Receita" value={f.money(summary.revenue)} icon={currencyIcon(f.currency)} />
      <MetricTile
        label="Lucro"
        value={f.money(summary.profit)}
        icon={TrendingUp}
        tone={summary.profit.startsWith("-") ? "destructive" : "success"}
      />
      <MetricTile label="Vendas Hoje" value={summary.today} icon={CalendarDays} tone="warning" />
      <MetricTile
        label="Margem"
        value={summary.margin === null ? "—" : f.percent(summary.margin)}
        icon={Percent}
        tone="muted"
      />
    </div>
  );
}
