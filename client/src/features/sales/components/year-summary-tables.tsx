import type { YearSummary } from "@common/schemas/year-summary";
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

/** the figure columns both tables share, in the CSV's order */
const FIGURES = ["sales", "revenue", "cost", "fees"] as const;

function FigureCells({ row }: { row: YearSummary["months"][number] | YearSummary["platforms"][number] }) {
  const f = useFormat();
  return (
    <>
      <TableCell className="text-right tabular-nums">{row.sales}</TableCell>
      <TableCell className="text-right tabular-nums">{f.money(row.revenue)}</TableCell>
      <TableCell className="text-right tabular-nums">{f.money(row.cost)}</TableCell>
      <TableCell className="text-right tabular-nums">{f.money(row.fees)}</TableCell>
    </>
  );
}

function FigureHeads({ first, last }: { first: string; last: string[] }) {
  const { t } = useTranslation("sales");
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{first}</TableHead>
        {FIGURES.map((key) => (
          <TableHead key={key} className="text-right">
            {t(`yearSummary.columns.${key}`)}
          </TableHead>
        ))}
        {last.map((label) => (
          <TableHead key={label} className="text-right">
            {label}
          </TableHead>
        ))}
      </TableRow>
    </TableHeader>
  );
}

/** the twelve months and the year's total; on a phone the table scrolls inside its card */
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
            last={[t("yearSummary.columns.expenses"), t("yearSummary.columns.profit")]}
          />
          <TableBody>
            {summary.months.map((m) => (
              <TableRow
                key={m.month}
                className={cn(m.sales === 0 && m.expenses === "0.00" && "text-muted-foreground")}
              >
                <TableCell className="capitalize">{monthName(m.month)}</TableCell>
                <FigureCells row={m} />
                <TableCell className="text-right tabular-nums">{f.money(m.expenses)}</TableCell>
                <TableCell className={cn("text-right font-medium tabular-nums", negative(m.profit))}>
                  {f.money(m.profit)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>{t("yearSummary.total", { year: summary.year })}</TableCell>
              <FigureCells row={{ ...summary.total, month: 0 }} />
              <TableCell className="text-right tabular-nums">{f.money(summary.total.expenses)}</TableCell>
              <TableCell className={cn("text-right tabular-nums", negative(summary.total.profit))}>
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
              last={[t("yearSummary.columns.salesProfit")]}
            />
            <TableBody>
              {summary.platforms.map((p) => (
                <TableRow key={p.platform}>
                  <TableCell>{p.platform || t("yearSummary.noPlatform")}</TableCell>
                  <FigureCells row={p} />
                  <TableCell className={cn("text-right font-medium tabular-nums", negative(p.salesProfit))}>
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
