import type { FinancialMetricsInput, FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { ArrowLeftRight, Calculator, Pencil, PiggyBank } from "lucide-react";
import { useState } from "react";
import { PageSpinner } from "@/components/spinner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { useFinancialMetrics } from "../api/get-financial-metrics";
import { MetricsForm } from "./metrics-form";

type Figures = Pick<
  FinancialMetricsResponse,
  "totalRevenue" | "totalProfit" | "profitMargin" | "totalItemsSold" | "totalItemsInStock"
>;

function FigureList({ figures }: { figures: Figures }) {
  const fmt = useFormat();
  const rows: [string, string][] = [
    ["Receita total", fmt.money(figures.totalRevenue)],
    ["Lucro total", fmt.money(figures.totalProfit)],
    ["Margem de lucro", fmt.percent(figures.profitMargin)],
    ["Itens vendidos", String(figures.totalItemsSold)],
    ["Itens em stock", String(figures.totalItemsInStock)],
  ];
  return (
    <dl className="divide-y">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 py-2.5">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const toInput = (f: Figures): FinancialMetricsInput => ({
  totalRevenue: f.totalRevenue.replace(".", ","),
  totalProfit: f.totalProfit.replace(".", ","),
  profitMargin: f.profitMargin.replace(".", ","),
  totalItemsSold: f.totalItemsSold,
  totalItemsInStock: f.totalItemsInStock,
});

/** Admin page, second tab: the edited figures beside the live ones computed from all sales. */
export function FinancialMetricsPanel() {
  const { data, isLoading, error } = useFinancialMetrics();
  const fmt = useFormat();
  const [editing, setEditing] = useState<FinancialMetricsInput | null>(null);
  if (isLoading) return <PageSpinner />;
  if (error || !data) {
    return (
      <p className="text-sm text-destructive">
        {errorMessage(error, "Erro ao carregar métricas financeiras")}
      </p>
    );
  }
  const updated = data.lastUpdated
    ? `Atualizado em ${fmt.dateTime(data.lastUpdated)}${data.updatedByName ? ` por ${data.updatedByName}` : ""}`
    : "Ainda não foram registadas métricas";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <PiggyBank className="size-5 shrink-0 text-primary" />
            Métricas registadas
            <Badge variant="secondary">Introduzidas à mão</Badge>
          </CardTitle>
          <CardDescription>Valores escritos por um administrador, não calculados · {updated}</CardDescription>
          {!editing && (
            <CardAction>
              <Button variant="outline" size="sm" onClick={() => setEditing(toInput(data))}>
                <Pencil />
                Editar
              </Button>
            </CardAction>
          )}
        </CardHeader>
        <CardContent>
          {editing ? (
            <MetricsForm values={editing} onDone={() => setEditing(null)} />
          ) : (
            <FigureList figures={data} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <Calculator className="size-5 shrink-0 text-success" />
            Valores atuais
            <Badge variant="success">Ao vivo</Badge>
          </CardTitle>
          <CardDescription>
            Calculados agora a partir das vendas e do inventário de todos os utilizadores
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FigureList figures={data.live} />
          <Button
            variant="outline"
            className="w-full sm:w-fit sm:justify-self-end"
            onClick={() => setEditing(toInput(data.live))}
          >
            <ArrowLeftRight />
            Copiar para o formulário
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
