import { toastFailure } from "@/lib/mutation-feedback";
import type { InventoryItem } from "@common/schemas/inventory";
import { FileUp, Plus } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useLocation, useSearch } from "wouter";
import { BooksImportDialog } from "@/components/books-import-dialog";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { PeriodPicker } from "@/components/period-picker";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { downloadFromServer } from "@/lib/download";
import { periodQuery, usePeriod } from "@/lib/period";
import { useDeleteItem } from "../api/delete-item";
import { useInventory } from "../api/get-inventory";
import { useInventoryStatistics } from "../api/get-inventory-statistics";
import { useDraftPhoto, useItemDraft } from "../api/get-item-draft";
import { AddItemDialog } from "../components/add-item-dialog";
import { InventoryBody } from "../components/inventory-body";
import { InventoryStats } from "../components/inventory-stats";
import { InventoryToolbar, VIEW_MODES } from "../components/inventory-toolbar";
import { SellItemDialog } from "../components/sell-item-dialog";
import { StatusDialog } from "../components/status-dialog";
import { INVENTORY_SORTS, sortInventory } from "@common/books-export";
import { useFitsWideTable } from "@/hooks/use-is-mobile";
import { useStoredChoice } from "@/hooks/use-stored-choice";
import { useSearchChoice } from "@/lib/search-choice";
import { filterItems, type StatusFilter } from "../lib/inventory-view";

/**
 * ?comprei=<monitor id>[&resultado=<match id>] ("Comprei" on a monitor's card or on a search's
 * match): the new-item dialog opens filled from it; closing it (or a monitor that cannot fill it)
 * drops the parameters
 */
function useDraftFromMonitor() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const raw = params.get("comprei");
  const productId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const draft = useItemDraft(productId, params.get("resultado"));
  // the picture comes apart: a slow image host never holds the dialog
  const photo = useDraftPhoto(productId, params.get("resultado"));
  // the period and the order stay in the URL
  const rest = new URLSearchParams(params);
  rest.delete("comprei");
  rest.delete("resultado");
  const query = rest.size > 0 ? `?${rest}` : "";
  const close = useCallback(
    () => navigate(`${paths.inventory}${query}`, { replace: true }),
    [navigate, query],
  );
  useEffect(() => {
    if (!draft.error) return;
    toastFailure("common:unknownError", "inventory:itemDialog.draftFailed")(draft.error);
    close();
  }, [draft.error, close]);
  return {
    draft: productId !== null ? (draft.data ?? null) : null,
    // a photo that could not be had (an error included) is no photo: the dialog goes on without
    photo: { image: photo.data?.image ?? null, pending: photo.isPending && productId !== null },
    close,
  };
}

export function InventoryPage() {
  // the items bought in the period (purchase day, else the day registered) and the period's sales
  const [period, setPeriod] = usePeriod();
  const inventory = useInventory({ period });
  const statistics = useInventoryStatistics({ period });
  const remove = useDeleteItem();
  const { t } = useTranslation(["inventory", "common"]);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  // the dense table where its columns fit; elsewhere a chosen table reads as the list
  const tableFits = useFitsWideTable();
  const [chosenView, setView] = useStoredChoice("stock-monitor-inventory-view", VIEW_MODES, "grid");
  const view = chosenView === "table" && !tableFits ? "list" : chosenView;
  // ?sort=…, kept in the URL like the period (else the device's last choice)
  const [sort, setSort] = useSearchChoice("sort", INVENTORY_SORTS, "recent", "stock-monitor-inventory-sort");
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selling, setSelling] = useState<InventoryItem | null>(null);
  const [changing, setChanging] = useState<InventoryItem | null>(null);
  const [editing, setEditing] = useState<InventoryItem | null>(null);
  const fromMonitor = useDraftFromMonitor();

  const visible = useMemo(
    () => sortInventory(filterItems(inventory.data ?? [], search, status), sort),
    [inventory.data, search, status, sort],
  );

  // the server writes the file (dates in the user's zone, amounts in their currency) over the same filter
  const exportCsv = async () => {
    const count = visible.length;
    try {
      const query = new URLSearchParams({ search, status, sort });
      for (const [name, value] of new URLSearchParams(periodQuery(period))) query.set(name, value);
      const fileName = await downloadFromServer(`/api/inventory/export?${query}`, "inventario.csv");
      toast.success(t("export.done"), { description: t("export.count", { count, fileName }) });
    } catch (error) {
      toastFailure("common:unknownError", "inventory:export.failed")(error);
    }
  };

  return (
    <PageShell>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={
          <>
            <PeriodPicker value={period} onChange={setPeriod} />
            <Button variant="outline" onClick={() => setImporting(true)} className="max-sm:flex-1">
              <FileUp />
              {t("common:booksImport.button")}
            </Button>
            <Button onClick={() => setAdding(true)} className="max-sm:flex-1">
              <Plus />
              {t("page.newItem")}
            </Button>
          </>
        }
      />
      <InventoryStats stats={statistics.data} />
      <InventoryToolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        sort={sort}
        onSort={setSort}
        view={view}
        onView={setView}
        onRefresh={() => {
          inventory.refetch();
          statistics.refetch();
        }}
        isRefreshing={inventory.isFetching}
        onExport={exportCsv}
        tableFits={tableFits}
      />
      <InventoryBody
        items={inventory.data}
        visible={visible}
        isLoading={inventory.isLoading}
        error={inventory.error}
        view={view}
        onRetry={() => inventory.refetch()}
        onAdd={() => setAdding(true)}
        onShowAllTime={period.period === "all" ? undefined : () => setPeriod({ period: "all" })}
        onClearFilters={() => {
          setSearch("");
          setStatus("all");
        }}
        onSell={setSelling}
        onChangeStatus={setChanging}
        onEdit={setEditing}
        onDelete={(item) => remove.mutate(item.id)}
        deletingId={remove.isPending ? (remove.variables ?? null) : null}
      />
      <AddItemDialog open={adding} onOpenChange={setAdding} />
      <AddItemDialog
        open={fromMonitor.draft !== null}
        onOpenChange={(open) => !open && fromMonitor.close()}
        draft={fromMonitor.draft}
        draftPhoto={fromMonitor.photo}
      />
      <AddItemDialog open={editing !== null} onOpenChange={() => setEditing(null)} item={editing} />
      <SellItemDialog item={selling} onClose={() => setSelling(null)} />
      <StatusDialog item={changing} onClose={() => setChanging(null)} />
      <BooksImportDialog kind="inventory" open={importing} onOpenChange={setImporting} />
    </PageShell>
  );
}
