import { profitByMonth, profitByPlatform } from "@common/aggregations";
import type { Formatter } from "@common/format";
import type { Expense } from "@common/schemas/expenses";
import { lastDay, type PeriodWindow } from "@common/schemas/period";
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

/** the most months one chart draws: a longer custom range shows its last 24 */
const MAX_MONTHS = 24;

/** the months a chart draws: the period's (up to MAX_MONTHS, ending with its last), else the last 12 */
function chartMonths(window: PeriodWindow | null): { end: Date; count: number } {
  if (!window) return { end: new Date(), count: 12 };
  const last = lastDay(window);
  const months = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  // noon UTC of the last day: that day on every calendar the settings offer
  return {
    end: new Date(`${last}T12:00:00Z`),
    count: Math.min(MAX_MONTHS, months(last) - months(window.from) + 1),
  };
}

/**
 * each month's profit after that month's expenses, as the Status cards count them; the months of
 * the chosen period (sales and expenses already the period's), else the last 12
 */
export function ProfitByMonthChart({
  sales,
  expenses = [],
  window = null,
}: {
  sales: Sale[];
  expenses?: Expense[];
  window?: PeriodWindow | null;
}) {
  const f = useFormat();
  const { t } = useTranslation("status");
  // months on the user's calendar, named in their language
  const data = useMemo(() => {
    const { end, count } = chartMonths(window);
    return profitByMonth(sales, end, f.timeZone, count, expenses).map((m) => ({
      ...m,
      label: f.monthShort(m.key),
      value: Number(m.profit),
    }));
  }, [sales, expenses, f, window]);
  const empty = data.every((m) => m.value === 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("charts.byMonth")}</CardTitle>
        <CardDescription>{window ? t("period.byMonth") : t("charts.last12Months")}</CardDescription>
      </CardHeader>
      <CardContent className={chartBox(empty)} data-testid="profit-by-month">
        {empty ? (
          <NoSales text={window ? t("period.noSales") : t("charts.noSalesLast12Months")} />
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

/** the sales given (the chosen period's) by platform */
export function ProfitByPlatformChart({ sales, inPeriod = false }: { sales: Sale[]; inPeriod?: boolean }) {
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
          <NoSales text={inPeriod ? t("period.noSales") : t("charts.noSalesToCompare")} />
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
