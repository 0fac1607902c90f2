import { toastFailure } from "@/lib/mutation-feedback";
import { addMoney } from "@common/money";
import { yearSummaryQuerySchema } from "@common/schemas/year-summary";
import { ArrowLeft, Printer, Receipt, TrendingUp, Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Link, useLocation, useSearch } from "wouter";
import { currencyIcon } from "@/components/currency-icon";
import { ExportCsvButton } from "@/components/export-csv-button";
import { MetricTile } from "@/components/metric-tile";
import { OtherCurrencyNote } from "@/components/other-currency-note";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { paths } from "@/config/paths";
import { downloadFromServer } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { useFormat } from "@/lib/user-settings";
import { yearQuery } from "../api/get-dac7";
import { useYearSummary } from "../api/get-year-summary";
import { YearSelect } from "../components/year-select";
import { YearMonthsTable, YearPlatformsTable } from "../components/year-summary-tables";

/** ?year=2025 (kept in the URL, so a printed or shared page is that year); none: the current year */
function useYearParam(): [number | null, (year: number) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  // the server's rule for ?year= (2000–2100); anything else: the current year
  const parsed = yearSummaryQuerySchema.safeParse({
    year: new URLSearchParams(search).get("year") ?? undefined,
  });
  return [
    (parsed.success && parsed.data.year) || null,
    (next) => navigate(`${paths.salesYearSummary}?year=${next}`, { replace: true }),
  ];
}

/** the year's books month by month and platform by platform, to export or print for the tax year */
export function YearSummaryPage() {
  const { t } = useTranslation(["sales", "common"]);
  const f = useFormat();
  const [year, setYear] = useYearParam();
  const summary = useYearSummary(year);
  const data = summary.data;

  const exportCsv = async () => {
    try {
      const fileName = await downloadFromServer(
        `/api/sales/year-summary/export${yearQuery(data?.year ?? year)}`,
        "resumo.csv",
      );
      toast.success(t("export.done"), { description: t("yearSummary.exported", { fileName }) });
    } catch (error) {
      toastFailure("common:unknownError", "sales:export.failed")(error);
    }
  };

  return (
    <PageShell>
      <Link
        href={paths.sales}
        className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground print:hidden"
      >
        <ArrowLeft className="size-4" />
        {t("yearSummary.back")}
      </Link>
      <PageHeader
        title={t("yearSummary.title", { year: data?.year ?? "" })}
        subtitle={t("yearSummary.subtitle")}
        actions={
          data && (
            <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap print:hidden">
              <YearSelect value={data.year} years={data.years} onChange={setYear} />
              <ExportCsvButton label={t("page.exportCsv")} onClick={exportCsv} />
              <Button variant="outline" onClick={() => window.print()}>
                <Printer />
                {t("yearSummary.print")}
              </Button>
            </div>
          )
        }
      />
      {summary.error && !data ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(summary.error, t("common:unknownError"))}
        </p>
      ) : !data ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 print:grid-cols-4">
            <MetricTile
              label={t("yearSummary.columns.revenue")}
              value={f.money(data.total.revenue)}
              icon={currencyIcon(f.currency)}
              hint={t("yearSummary.salesCount", { count: data.total.sales })}
            />
            <MetricTile
              label={t("yearSummary.costAndFees")}
              value={f.money(addMoney(data.total.cost, data.total.fees))}
              icon={Wallet}
              tone="muted"
            />
            <MetricTile
              label={t("yearSummary.columns.expenses")}
              value={f.money(data.total.expenses)}
              icon={Receipt}
              tone="warning"
            />
            <MetricTile
              label={t("yearSummary.columns.profit")}
              value={f.money(data.total.profit)}
              icon={TrendingUp}
              tone={data.total.profit.startsWith("-") ? "destructive" : "success"}
            />
          </div>
          <OtherCurrencyNote count={data.otherCurrencySales} />
          <YearMonthsTable summary={data} />
          <YearPlatformsTable summary={data} />
        </>
      )}
    </PageShell>
  );
}
