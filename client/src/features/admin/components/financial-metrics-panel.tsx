import type { FinancialMetricsInput, FinancialMetricsResponse } from "@common/schemas/financial-metrics";
import { ArrowLeftRight, Calculator, Pencil, PiggyBank } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("admin");
  const rows: [string, string][] = [
    [t("metrics.totalRevenue"), fmt.money(figures.totalRevenue)],
    [t("metrics.totalProfit"), fmt.money(figures.totalProfit)],
    [t("metrics.profitMargin"), fmt.percent(figures.profitMargin)],
    [t("metrics.totalItemsSold"), String(figures.totalItemsSold)],
    [t("metrics.totalItemsInStock"), String(figures.totalItemsInStock)],
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
  const { t } = useTranslation(["admin", "common"]);
  const [editing, setEditing] = useState<FinancialMetricsInput | null>(null);
  if (isLoading) return <PageSpinner />;
  if (error || !data) {
    return <p className="text-sm text-destructive">{errorMessage(error, t("metrics.loadFailed"))}</p>;
  }
  const updated = data.lastUpdated
    ? data.updatedByName
      ? t("metrics.updatedBy", { date: fmt.dateTime(data.lastUpdated), name: data.updatedByName })
      : t("metrics.updatedAt", { date: fmt.dateTime(data.lastUpdated) })
    : t("metrics.neverRecorded");

  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <PiggyBank className="size-5 shrink-0 text-primary" />
            {t("metrics.recordedTitle")}
            <Badge variant="secondary">{t("metrics.manualBadge")}</Badge>
          </CardTitle>
          <CardDescription>{t("metrics.recordedDescription", { updated })}</CardDescription>
          {!editing && (
            <CardAction>
              <Button variant="outline" size="sm" onClick={() => setEditing(toInput(data))}>
                <Pencil />
                {t("common:actions.edit")}
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
            {t("metrics.liveTitle")}
            <Badge variant="success">{t("metrics.liveBadge")}</Badge>
          </CardTitle>
          <CardDescription>{t("metrics.liveDescription")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          <FigureList figures={data.live} />
          <Button
            variant="outline"
            className="w-full sm:w-fit sm:justify-self-end"
            onClick={() => setEditing(toInput(data.live))}
          >
            <ArrowLeftRight />
            {t("metrics.copyToForm")}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
