import type { InventoryItem } from "@common/schemas/inventory";
import { AlertCircle, LockKeyhole, Package, Plus, SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { translateMessage } from "@/lib/i18n";
import { cn } from "@/lib/utils";
import type { ViewMode } from "./inventory-toolbar";
import { InventoryTable } from "./inventory-table";
import { ItemCard } from "./item-card";

interface InventoryBodyProps {
  items: InventoryItem[] | null | undefined;
  visible: InventoryItem[];
  isLoading: boolean;
  error: Error | null;
  view: ViewMode;
  onRetry: () => void;
  onAdd: () => void;
  /** a period is chosen: an empty list says so and offers all time */
  onShowAllTime?: () => void;
  onClearFilters: () => void;
  onSell: (item: InventoryItem) => void;
  onChangeStatus: (item: InventoryItem) => void;
  onEdit: (item: InventoryItem) => void;
  onDelete: (item: InventoryItem) => void;
  deletingId: number | null;
}

export function InventoryBody(props: InventoryBodyProps) {
  const { t } = useTranslation(["inventory", "common"]);
  if (props.isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (props.error) {
    return (
      <EmptyState
        icon={AlertCircle}
        title={t("body.loadError")}
        description={translateMessage(props.error.message)}
        action={<Button onClick={props.onRetry}>{t("common:actions.retry")}</Button>}
      />
    );
  }
  if (props.items === null || props.items === undefined) {
    return (
      <EmptyState
        icon={LockKeyhole}
        title={t("body.authRequired")}
        description={t("body.authRequiredDescription")}
      />
    );
  }
  if (props.items.length === 0 && props.onShowAllTime) {
    return (
      <EmptyState
        icon={Package}
        title={t("period.empty")}
        description={t("period.emptyDescription")}
        action={
          <Button variant="outline" onClick={props.onShowAllTime}>
            {t("period.showAll")}
          </Button>
        }
      />
    );
  }
  if (props.items.length === 0) {
    return (
      <EmptyState
        icon={Package}
        title={t("body.empty")}
        description={t("body.emptyDescription")}
        action={
          <Button onClick={props.onAdd}>
            <Plus />
            {t("body.addFirst")}
          </Button>
        }
      />
    );
  }
  if (props.visible.length === 0) {
    return (
      <EmptyState
        icon={SearchX}
        title={t("body.noMatch")}
        description={t("body.noMatchDescription")}
        action={
          <Button variant="outline" onClick={props.onClearFilters}>
            {t("body.clearFilters")}
          </Button>
        }
      />
    );
  }
  if (props.view === "table") {
    return (
      <InventoryTable
        items={props.visible}
        onSell={props.onSell}
        onChangeStatus={props.onChangeStatus}
        onEdit={props.onEdit}
        onDelete={props.onDelete}
        deletingId={props.deletingId}
      />
    );
  }
  return (
    <div
      className={cn(
        "grid gap-3 md:gap-4",
        props.view === "grid" ? "md:grid-cols-2 xl:grid-cols-3" : "grid-cols-1",
      )}
    >
      {props.visible.map((item) => (
        <ItemCard
          key={item.id}
          item={item}
          layout={props.view === "grid" ? "grid" : "list"}
          onSell={() => props.onSell(item)}
          onChangeStatus={() => props.onChangeStatus(item)}
          onEdit={() => props.onEdit(item)}
          onDelete={() => props.onDelete(item)}
          isDeleting={props.deletingId === item.id}
        />
      ))}
    </div>
  );
}
