import { CalendarDays, Euro, Package, Percent, TrendingUp } from "lucide-react";
import { MetricTile } from "@/components/metric-tile";
import { formatEuro, formatPercent } from "@/lib/format";
import type { SalesSummary } from "../lib/sales-view";

export function SalesSummaryCards({ summary }: { summary: SalesSummary }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <MetricTile label="Receita Total" value={formatEuro(summary.revenue)} icon={Euro} />
      <MetricTile
        label="Lucro Total"
        value={formatEuro(summary.profit)}
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
  return (
    <div className="grid grid-cols-2 gap-3">
      <MetricTile label="Receita" value={formatEuro(summary.revenue)} icon={Euro} />
      <MetricTile
        label="Lucro"
        value={formatEuro(summary.profit)}
        icon={TrendingUp}
        tone={summary.profit.startsWith("-") ? "destructive" : "success"}
      />
      <MetricTile label="Vendas Hoje" value={summary.today} icon={CalendarDays} tone="warning" />
      <MetricTile
        label="Margem"
        value={summary.margin === null ? "—" : formatPercent(summary.margin)}
        icon={Percent}
        tone="muted"
      />
    </div>
  );
}
