import type { YearSummary, YearSummaryFigures } from "@common/schemas/year-summary";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useFormat } from "@/lib/user-settings";
import { cn } from "@/lib/utils";

const negative = (amount: string) => (amount.startsWith("-") ? "text-destructive" : undefined);

/**
 * On a phone (under 640 px) a row keeps its name, revenue and profit, which fit without scrolling;
 * the count, cost, fees and expenses are in the tiles' totals, the CSV and the printed page
 */
const WIDE_ONLY = "hidden sm:table-cell";
const amount = "text-right tabular-nums";

/** the figure columns both tables share, in the CSV's order */
const FIGURES = [
  ["sales", WIDE_ONLY],
  ["revenue", ""],
  ["cost", WIDE_ONLY],
  ["fees", WIDE_ONLY],
] as const;

function FigureCells({ row }: { row: YearSummaryFigures }) {
  const f = useFormat();
  return (
    <>
      <TableCell className={cn(amount, WIDE_ONLY)}>{row.sales}</TableCell>
      <TableCell className={amount}>{f.money(row.revenue)}</TableCell>
      <TableCell className={cn(amount, WIDE_ONLY)}>{f.money(row.cost)}</TableCell>
      <TableCell className={cn(amount, WIDE_ONLY)}>{f.money(row.fees)}</TableCell>
    </>
  );
}

function FigureHeads({ first, last }: { first: string; last: { label: string; wideOnly?: boolean }[] }) {
  const { t } = useTranslation("sales");
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{first}</TableHead>
        {FIGURES.map(([key, className]) => (
          <TableHead key={key} className={cn("text-right", className)}>
            {t(`yearSummary.columns.${key}`)}
          </TableHead>
        ))}
        {last.map(({ label, wideOnly }) => (
          // "Lucro das vendas" wraps on a phone instead of pushing its figures out of the card
          <TableHead key={label} className={cn("text-right whitespace-normal", wideOnly && WIDE_ONLY)}>
            {label}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/** the twelve months and the year's total */
export function YearMonthsTable({ summary }: { summary: YearSummary }) {
  const { t } = useTranslation("sales");
  const f = useFormat();
  const monthName = (m: number) => f.monthName(`${String(m).padStart(2, "0")}/${summary.year}`);
  return (
    <Card className="gap-3 print:border-0 print:shadow-none">
      <CardHeader>
        <CardTitle>{t("yearSummary.months")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table data-testid="year-months">
          <FigureHeads
            first={t("yearSummary.columns.month")}
            last={[
              { label: t("yearSummary.columns.expenses"), wideOnly: true },
              { label: t("yearSummary.columns.profit") },
            ]}
          />
          <TableBody>
            {summary.months.map((m) => (
              <TableRow
                key={m.month}
                className={cn(m.sales === 0 && m.expenses === "0.00" && "text-muted-foreground")}
              >
                <TableCell className="first-letter:uppercase">{monthName(m.month)}</TableCell>
                <FigureCells row={m} />
                <TableCell className={cn(amount, WIDE_ONLY)}>{f.money(m.expenses)}</TableCell>
                <TableCell className={cn(amount, "font-medium", negative(m.profit))}>
                  {f.money(m.profit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>{t("yearSummary.total", { year: summary.year })}</TableCell>
              <FigureCells row={summary.total} />
              <TableCell className={cn(amount, WIDE_ONLY)}>{f.money(summary.total.expenses)}</TableCell>
              <TableCell className={cn(amount, negative(summary.total.profit))}>
                {f.money(summary.total.profit)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </CardContent>
    </Card>
  );
}

/** each platform's sales of the year; expenses belong to no platform */
export function YearPlatformsTable({ summary }: { summary: YearSummary }) {
  const { t } = useTranslation("sales");
  const f = useFormat();
  return (
    <Card className="gap-3 print:border-0 print:shadow-none">
      <CardHeader>
        <CardTitle>{t("yearSummary.platforms")}</CardTitle>
      </CardHeader>
      <CardContent>
        {summary.platforms.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("yearSummary.noSales")}</p>
        ) : (
          <Table data-testid="year-platforms">
            <FigureHeads
              first={t("yearSummary.columns.platform")}
              last={[{ label: t("yearSummary.columns.salesProfit") }]}
            />
            <TableBody>
              {summary.platforms.map((p) => (
                <TableRow key={p.platform}>
                  <TableCell>{p.platform || t("yearSummary.noPlatform")}</TableCell>
                  <FigureCells row={p} />
                  <TableCell className={cn(amount, "font-medium", negative(p.salesProfit))}>
                    {f.money(p.salesProfit)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
