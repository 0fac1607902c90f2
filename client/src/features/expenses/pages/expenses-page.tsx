import { toastFailure } from "@/lib/mutation-feedback";
import type { Expense } from "@common/schemas/expenses";
import { AlertCircle, CalendarDays, Plus, Receipt, Search, Wallet } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { EmptyState } from "@/components/empty-state";
import { MetricTile } from "@/components/metric-tile";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { SearchField } from "@/components/toolbar";
import { ExportCsvButton } from "@/components/export-csv-button";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useIsMobile } from "@/hooks/use-is-mobile";
import { downloadFromServer } from "@/lib/download";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { useExpenses } from "../api/expenses";
import { ExpenseCard, ExpenseTable } from "../components/expense-list";
import { ExpenseDialog } from "../components/expense-dialog";
import { searchExpenses, summarizeExpenses } from "../lib/expenses-view";

/** Despesas: what the reseller spends beside the items, subtracted from the profit on Status and the ranking */
export function ExpensesPage() {
  const isMobile = useIsMobile();
  const { t } = useTranslation(["expenses", "common"]);
  const f = useFormat();
  const expenses = useExpenses();
  const [search, setSearch] = useState("");
  const [adding, setAdding] = useState(false);
  const all = expenses.data ?? [];
  const categoryName = (c: Expense["category"]) => t(`categories.${c}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: categoryName changes only with the language (t)
  const visible = useMemo(() => searchExpenses(all, search, categoryName), [all, search, t]);
  const summary = useMemo(() => summarizeExpenses(visible, f.month(new Date())), [visible, f]);

  // the server writes the file (days as kept, amounts in the user's currency and number format): every expense
  const exportCsv = async () => {
    const count = all.length;
    try {
      const fileName = await downloadFromServer("/api/expenses/export", "despesas.csv");
      toast.success(t("export.done"), { description: t("export.count", { count, fileName }) });
    } catch (error) {
      toastFailure("common:unknownError", "expenses:export.failed")(error);
    }
  };

  const body = () => {
    if (expenses.isLoading) return <Skeleton className="h-64 rounded-xl" />;
    if (expenses.error) {
      return (
        <EmptyState
          icon={AlertCircle}
          title={t("body.loadError")}
          description={translateMessage(expenses.error.message)}
          action={<Button onClick={() => expenses.refetch()}>{t("common:actions.retry")}</Button>}
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
              {t("page.new")}
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
    return isMobile ? (
      <div className="grid grid-cols-1 gap-3">
        {visible.map((e) => (
          <ExpenseCard key={e.id} expense={e} />
        ))}
      </div>
    ) : (
      <ExpenseTable expenses={visible} />
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
            {t("page.new")}
          </Button>
        }
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <MetricTile label={t("summary.total")} value={f.money(summary.total)} icon={Wallet} tone="warning" />
        <MetricTile label={t("summary.thisMonth")} value={f.money(summary.thisMonth)} icon={CalendarDays} />
        <MetricTile label={t("summary.count")} value={summary.count} icon={Receipt} tone="muted" />
      </div>
      <div className="flex gap-2">
        <SearchField
          label={t("page.search")}
          placeholder={t("page.searchPlaceholder")}
          value={search}
          onChange={setSearch}
        />
        <ExportCsvButton label={t("page.exportCsv")} onClick={exportCsv} />
      </div>
      {body()}
      <ExpenseDialog open={adding} onOpenChange={setAdding} />
    </PageShell>
  );
}
