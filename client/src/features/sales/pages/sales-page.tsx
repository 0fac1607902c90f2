import { toastFailure } from "@/lib/mutation-feedback";
import { AlertCircle, FileUp, Plus, Receipt, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { BooksImportDialog } from "@/components/books-import-dialog";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PeriodPicker } from "@/components/period-picker";
import { ExportCsvButton } from "@/components/export-csv-button";
import { Button } from "@/components/ui/button";
import { OptionSelect, SearchField } from "@/components/toolbar";
import { NO_PLATFORM } from "@common/aggregations";
import { SALES_SORTS, salePlatforms, selectSales, type SalesSort } from "@common/books-export";
import { useStoredChoice } from "@/hooks/use-stored-choice";
import { Skeleton } from "@/components/ui/skeleton";
import { useFitsWideTable, useIsMobile } from "@/hooks/use-is-mobile";
import { downloadFromServer } from "@/lib/download";
import { translateMessage } from "@/lib/i18n";
import { periodQuery, usePeriod } from "@/lib/period";
import { useFormat } from "@/lib/user-settings";
import { useSales } from "@/lib/books-queries";
import { Dac7Card } from "../components/dac7-card";
import { NewSaleDialog } from "../components/new-sale-dialog";
import { SaleCard } from "../components/sale-card";
import { SalesMobileSummary, SalesSummaryCards } from "../components/sales-summary";
import { SalesTable } from "../components/sales-table";
import { summarizeSales } from "../lib/sales-view";

/** the platform filter's value for "every platform" (a select item cannot be "") */
const ALL_PLATFORMS = "*";

export function SalesPage() {
  const isMobile = useIsMobile();
  const wideTable = useFitsWideTable();
  const { t } = useTranslation(["sales", "common"]);
  // the sales of the period (their day on the user's calendar), kept in the URL
  const [period, setPeriod] = usePeriod();
  const inPeriod = period.period !== "all";
  const sales = useSales({ period });
  const [search, setSearch] = useState("");
  const [platform, setPlatform] = useState(ALL_PLATFORMS);
  const [sort, setSort] = useStoredChoice("stock-monitor-sales-sort", SALES_SORTS, "recent");
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const all = sales.data ?? [];
  const platformFilter = platform === ALL_PLATFORMS ? "" : platform;
  const visible = useMemo(
    () => selectSales(sales.data ?? [], { search, platform: platformFilter, sort }),
    [sales.data, search, platformFilter, sort],
  );
  const platformOptions = useMemo(() => {
    const options: Record<string, string> = { [ALL_PLATFORMS]: t("page.allPlatforms") };
    for (const name of salePlatforms(sales.data ?? [])) {
      options[name] = name === NO_PLATFORM ? t("page.noPlatform") : name;
    }
    return options;
  }, [sales.data, t]);
  const sortOptions = Object.fromEntries(SALES_SORTS.map((s) => [s, t(`page.sorts.${s}`)])) as Record<
    SalesSort,
    string
  >;
  const f = useFormat();
  const summary = useMemo(() => summarizeSales(sales.data ?? [], f), [sales.data, f]);

  // the server writes the file (dates in the user's zone, amounts in their currency) over the same search
  const exportCsv = async () => {
    const count = visible.length;
    try {
      const query = new URLSearchParams({ search, platform: platformFilter, sort });
      for (const [name, value] of new URLSearchParams(periodQuery(period))) query.set(name, value);
      const fileName = await downloadFromServer(`/api/sales/export?${query}`, "vendas.csv");
      toast.success(t("export.done"), { description: t("export.count", { count, fileName }) });
    } catch (error) {
      toastFailure("common:unknownError", "sales:export.failed")(error);
    }
  };

  const body = () => {
    if (sales.isLoading) return <Skeleton className="h-64 rounded-xl" />;
    if (sales.error) {
      return (
        <EmptyState
          icon={AlertCircle}
          title={t("body.loadError")}
          description={translateMessage(sales.error.message)}
          action={<Button onClick={() => sales.refetch()}>{t("common:actions.retry")}</Button>}
        />
      );
    }
    if (all.length === 0 && inPeriod) {
      return (
        <EmptyState
          icon={Receipt}
          title={t("period.empty")}
          description={t("period.emptyDescription")}
          action={
            <Button variant="outline" onClick={() => setPeriod({ period: "all" })}>
              {t("period.showAll")}
            </Button>
          }
        />
      );
    }
    if (all.length === 0) {
      return (
        <EmptyState
          icon={Receipt}
          title={t("body.empty")}
          description={t("body.emptyDescription")}
          action={
            <Button onClick={() => setAdding(true)}>
              <Plus />
              {t("page.newSale")}
            </Button>
          }
        />
      );
    }
    if (visible.length === 0) {
      return (
        <EmptyState icon={Search} title={t("body.noMatch")} description={t("body.noMatchDescription")} />
      );
    }
    // the table's eight columns need 1024 px beside the sidebar; narrower, the cards keep every action in view
    return wideTable ? (
      <SalesTable sales={visible} />
    ) : (
      <div className="grid grid-cols-1 gap-3">
        {visible.map((sale) => (
          <SaleCard key={sale.id} sale={sale} />
        ))}
      </div>
    );
  };

  return (
    <PageShell className={isMobile ? "gap-4" : undefined}>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={
          <>
            <PeriodPicker value={period} onChange={setPeriod} />
            <Button
              variant="outline"
              onClick={() => setImporting(true)}
              className={isMobile ? "flex-1" : undefined}
            >
              <FileUp />
              {t("common:booksImport.button")}
            </Button>
            <Button onClick={() => setAdding(true)} className={isMobile ? "flex-1" : undefined}>
              <Plus />
              {t("page.newSale")}
            </Button>
          </>
        }
      />
      {isMobile ? (
        <SalesMobileSummary summary={summary} inPeriod={inPeriod} />
      ) : (
        <SalesSummaryCards summary={summary} inPeriod={inPeriod} />
      )}
      {summary.otherCurrency > 0 && (
        <p className="text-sm text-muted-foreground">
          {t("summary.otherCurrency", { count: summary.otherCurrency })}
        </p>
      )}
      <div className="flex flex-col gap-2 lg:flex-row">
        <div className="flex min-w-0 flex-1 gap-2">
          <SearchField
            label={t("page.search")}
            placeholder={isMobile ? t("page.searchPlaceholderShort") : t("page.searchPlaceholder")}
            value={search}
            onChange={setSearch}
          />
          <ExportCsvButton label={t("page.exportCsv")} onClick={exportCsv} />
        </div>
        <div className="grid grid-cols-2 gap-2 lg:flex">
          <OptionSelect
            label={t("page.platformFilter")}
            value={platform in platformOptions ? platform : ALL_PLATFORMS}
            options={platformOptions}
            onChange={setPlatform}
            className="w-full lg:w-48"
          />
          <OptionSelect
            label={t("page.sort")}
            value={sort}
            options={sortOptions}
            onChange={setSort}
            className="w-full lg:w-52"
          />
        </div>
      </div>
      {body()}
      <Dac7Card />
      <NewSaleDialog open={adding} onOpenChange={setAdding} />
      <BooksImportDialog kind="sales" open={importing} onOpenChange={setImporting} />
    </PageShell>
  );
}
