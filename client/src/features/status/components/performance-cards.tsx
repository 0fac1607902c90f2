import type { StatusStatistics } from "@common/schemas/statistics";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/user-settings";
import { formatGrowth } from "../lib/status-format";
import { FigureList } from "./figure-list";

const signTone = (value: string | null) =>
  value === null ? undefined : value.startsWith("-") ? "text-destructive" : "text-success";

export function SalesPerformanceCard({ stats }: { stats: StatusStatistics }) {
  const f = useFormat();
  const p = stats.salesPerformance;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Desempenho de Vendas</CardTitle>
      </CardHeader>
      <CardContent>
        <FigureList
          figures={[
            {
              label: "Melhor mês",
              value: p.bestMonth
                ? `${f.monthName(p.bestMonth)} · ${f.money(p.bestMonthProfit)}`
                : "Sem vendas",
            },
            {
              label: "Crescimento (30 dias)",
              value: formatGrowth(p.profitGrowth, f),
              className: signTone(p.profitGrowth),
            },
            { label: "Vendas recentes (30 dias)", value: p.recentSales },
            { label: "Total de vendas", value: p.totalSales },
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function InventoryStatusCard({ stats }: { stats: StatusStatistics }) {
  const f = useFormat();
  const s = stats.inventoryStatus;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Estado do Inventário</CardTitle>
      </CardHeader>
      <CardContent>
        <FigureList
          figures={[
            { label: "Total de itens", value: s.totalItems },
            { label: "Em stock", value: s.inStock },
            { label: "Vendidos", value: s.sold },
            { label: "Pendentes", value: s.pending },
            { label: "Em trânsito", value: s.inTransit },
            { label: "Receita total", value: f.money(s.totalRevenue) },
            { label: "Lucro total", value: f.money(s.totalProfit), className: signTone(s.totalProfit) },
          ]}
        />
      </CardContent>
    </Card>
  );
}
