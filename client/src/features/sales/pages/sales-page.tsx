import { AlertCircle, Plus, Receipt, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { ExportCsvButton } from "@/components/export-csv-button";
import { Button } from "@/components/ui/button";
import { SearchField } from "@/components/toolbar";
import { Skeleton } from "@/components/ui/skeleton";
import { useFitsWideTable, useIsMobile } from "@/hooks/use-is-mobile";
import { downloadFromServer } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { useSales } from "@/lib/books-queries";
import { Dac7Card } from "../components/dac7-card";
import { NewSaleDialog } from "../components/new-sale-dialog";
import { SaleCard } from "../components/sale-card";
import { SalesMobileSummary, SalesSummaryCards } from "../components/sales-summary";
import { SalesTable } from "../components/sales-table";
import { searchSales, summarizeSales } from "../lib/sales-view";

export function SalesPage() {
  const isMobile = useIsMobile();
  const wideTable = useFitsWideTable();
  const { t } = useTranslation(["sales", "common"]);
  const sales = useSales();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const all = sales.data ?? [];
  const visible = useMemo(() => searchSales(sales.data ?? [], search), [sales.data, search]);
  const f = useFormat();
  const summary = useMemo(() => summarizeSales(sales.data ?? [], f), [sales.data, f]);

  // the server writes the file (dates in the user's zone, amounts in their currency) over the same search
  const exportCsv = async () => {
    const count = visible.length;
    try {
      const query = new URLSearchParams({ search });
      const fileName = await downloadFromServer(`/api/sales/export?${query}`, "vendas.csv");
      toast.success(t("export.done"), { description: t("export.count", { count, fileName }) });
    } catch (error) {
      toast.error(t("export.failed"), { description: errorMessage(error, t("common:unknownError")) });
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
          <Button onClick={() => setAdding(true)} className={isMobile ? "w-full" : undefined}>
            <Plus />
            {t("page.newSale")}
          </Button>
        }
      />
      {isMobile ? <SalesMobileSummary summary={summary} /> : <SalesSummaryCards summary={summary} />}
      <div className="flex gap-2">
        <SearchField
          label={t("page.search")}
          placeholder={isMobile ? t("page.searchPlaceholderShort") : t("page.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        <ExportCsvButton label={t("page.exportCsv")} onClick={exportCsv} />
      </div>
      {body()}
      <Dac7Card />
      <NewSaleDialog open={adding} onOpenChange={setAdding} />
    </PageShell>
  );
}
