import { profitByMonth, profitByPlatform } from "@common/aggregations";
import type { Formatter } from "@common/format";
import type { Expense } from "@common/schemas/expenses";
import type { Sale } from "@common/schemas/sales";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/user-settings";
import { ChartTooltip } from "./chart-tooltip";

const POSITIVE = "var(--color-success)";
const NEGATIVE = "var(--color-destructive)";
const AXIS = { fontSize: 12, fill: "var(--color-muted-foreground)" };

/** axis ticks: whole amounts in the books currency */
const moneyTick = (f: Formatter) => (v: number) => f.money(v).replace(/[.,]00(?=\D*$)/, "");

/** each month's profit after that month's expenses, as the Status cards count them */
export function ProfitByMonthChart({ sales, expenses = [] }: { sales: Sale[]; expenses?: Expense[] }) {
  const f = useFormat();
  const { t } = useTranslation("status");
  // months on the user's calendar, named in their language
  const data = useMemo(
    () =>
      profitByMonth(sales, new Date(), f.timeZone, 12, expenses).map((m) => ({
        ...m,
        label: f.monthShort(m.key),
        value: Number(m.profit),
      })),
    [sales, expenses, f],
  );
  const empty = data.every((m) => m.value === 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("charts.byMonth")}</CardTitle>
        <CardDescription>{t("charts.last12Months")}</CardDescription>
      </CardHeader>
      <CardContent className={chartBox(empty)} data-testid="profit-by-month">
        {empty ? (
          <NoSales text={t("charts.noSalesLast12Months")} />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ left: 0, right: 8, top: 8 }}>
              <CartesianGrid vertical={false} stroke="var(--color-border)" />
              <XAxis
                dataKey="label"
                tick={AXIS}
                tickLine={false}
                axisLine={false}
                interval="preserveStartEnd"
              />
              <YAxis tick={AXIS} tickLine={false} axisLine={false} width={64} tickFormatter={moneyTick(f)} />
              <Tooltip content={<ChartTooltip />} cursor={{ fill: "var(--color-muted)" }} />
              <Bar dataKey="value" radius={[4, 4, 0, 0]} isAnimationActive={false}>
                {data.map((m) => (
                  <Cell key={m.key} fill={m.value < 0 ? NEGATIVE : POSITIVE} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** a chart's room; with nothing to draw, only the sentence's (a phone need not scroll past an empty axis) */
const chartBox = (empty: boolean) => `${empty ? "h-24" : "h-64"} px-2 sm:px-6`;

function NoSales({ text }: { text: string }) {
  return <p className="flex h-full items-center justify-center text-sm text-muted-foreground">{text}</p>;
}

export function ProfitByPlatformChart({ sales }: { sales: Sale[] }) {
  const f = useFormat();
  const { t } = useTranslation("status");
  const data = useMemo(
    () => profitByPlatform(sales).map((p) => ({ name: p.platform, sales: p.sales, value: Number(p.profit) })),
    [sales],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("charts.byPlatform")}</CardTitle>
        <CardDescription>{t("charts.byPlatformDescription")}</CardDescription>
      </CardHeader>
      <CardContent className={chartBox(data.length === 0)} data-testid="profit-by-platform">
        {data.length === 0 ? (
          <NoSales text={t("charts.noSalesToCompare")} />
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
              <CartesianGrid horizontal={false} stroke="var(--color-border)" />
              <XAxis
                type="number"
                tick={AXIS}
                tickLine={false}
                axisLine={false}
                tickFormatter={moneyTick(f)}
              />
              <YAxis
                type="category"
                dataKey="name"
                tick={AXIS}
                tickLine={false}
                axisLine={false}
                width={96}
              />
              <Tooltip content={<ChartTooltip />} cursor={{ fill: "var(--color-muted)" }} />
              <Bar dataKey="value" radius={[0, 4, 4, 0]} maxBarSize={32} isAnimationActive={false}>
                {data.map((p) => (
                  <Cell key={p.name} fill={p.value < 0 ? NEGATIVE : "var(--color-primary)"} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}
