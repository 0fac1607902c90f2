import type { InventoryItem } from "@common/schemas/inventory";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { PageShell } from "@/components/page-shell";
import { Button } from "@/components/ui/button";
import { downloadFromServer } from "@/lib/download";
import { errorMessage } from "@/lib/http";
import { useDeleteItem } from "../api/delete-item";
import { useInventory } from "../api/get-inventory";
import { useInventoryStatistics } from "../api/get-inventory-statistics";
import { AddItemDialog } from "../components/add-item-dialog";
import { InventoryBody } from "../components/inventory-body";
import { InventoryStats } from "../components/inventory-stats";
import { InventoryToolbar, type ViewMode } from "../components/inventory-toolbar";
import { SellItemDialog } from "../components/sell-item-dialog";
import { StatusDialog } from "../components/status-dialog";
import { filterItems, type StatusFilter } from "../lib/inventory-view";

export function InventoryPage() {
  const inventory = useInventory();
  const statistics = useInventoryStatistics();
  const remove = useDeleteItem();
  const { t } = useTranslation(["inventory", "common"]);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [view, setView] = useState<ViewMode>("grid");
  const [adding, setAdding] = useState(false);
  const [selling, setSelling] = useState<InventoryItem | null>(null);
  const [changing, setChanging] = useState<InventoryItem | null>(null);
  const [editing, setEditing] = useState<InventoryItem | null>(null);

  const visible = useMemo(
    () => filterItems(inventory.data ?? [], search, status),
    [inventory.data, search, status],
  );

  // the server writes the file (dates in the user's zone, amounts in their currency) over the same filter
  const exportCsv = async () => {
    const count = visible.length;
    try {
      const query = new URLSearchParams({ search, status });
      const fileName = await downloadFromServer(`/api/inventory/export?${query}`, "inventario.csv");
      toast.success(t("export.done"), { description: t("export.count", { count, fileName }) });
    } catch (error) {
      toast.error(t("export.failed"), { description: errorMessage(error, t("common:unknownError")) });
    }
  };

  return (
    <PageShell>
      <PageHeader
        title={t("page.title")}
        subtitle={t("page.subtitle")}
        actions={
          <Button onClick={() => setAdding(true)}>
            <Plus />
            {t("page.newItem")}
          </Button>
        }
      />
      <InventoryStats stats={statistics.data} />
      <InventoryToolbar
        search={search}
        onSearch={setSearch}
        status={status}
        onStatus={setStatus}
        view={view}
        onView={setView}
        onRefresh={() => {
          inventory.refetch();
          statistics.refetch();
        }}
        isRefreshing={inventory.isFetching}
        onExport={exportCsv}
      />
      <InventoryBody
        items={inventory.data}
        visible={visible}
        isLoading={inventory.isLoading}
        error={inventory.error}
        view={view}
        onRetry={() => inventory.refetch()}
        onAdd={() => setAdding(true)}
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
      <AddItemDialog open={editing !== null} onOpenChange={() => setEditing(null)} item={editing} />
      <SellItemDialog item={selling} onClose={() => setSelling(null)} />
      <StatusDialog item={changing} onClose={() => setChanging(null)} />
    </PageShell>
  );
}
