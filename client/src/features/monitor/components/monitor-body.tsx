import { PackageSearch, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/http";
import type { MonitorPageState } from "../lib/use-monitor-page";
import { CheckDetailDialog } from "./check-detail-dialog";
import { DeleteProductDialog } from "./delete-product-dialog";
import { ProductCard } from "./product-card";
import { ProductCardMobile } from "./product-card-mobile";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductRows, ProductTable } from "./product-list-view";

/** the product cards, or the compact list, with their loading, error and empty states */
export function ProductList({ state, mobile }: { state: MonitorPageState; mobile?: boolean }) {
  const { t } = useTranslation(["monitor", "common"]);
  if (state.products.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (state.products.isError) {
    return (
      <EmptyState
        icon={PackageSearch}
        title={t("list.loadError")}
        description={errorMessage(state.products.error, t("common:unknownError"))}
        action={
          <Button variant="outline" onClick={() => void state.products.refetch()}>
            <RefreshCw />
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  if (state.visible.length === 0) {
    return <EmptyState icon={PackageSearch} title={t("list.empty")} />;
  }
  if (state.view === "list") {
    const List = mobile ? ProductRows : ProductTable;
    return <List products={state.visible} sort={state.sort} onSort={state.setSort} {...state.actions} />;
  }
  if (mobile) {
    return (
      <div className="space-y-3">
        {state.visible.map((p) => (
          <ProductCardMobile key={p.id} product={p} {...state.actions} />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {state.visible.map((p) => (
        <ProductCard key={p.id} product={p} {...state.actions} />
      ))}
    </div>
  );
}

export function MonitorDialogs({ state }: { state: MonitorPageState }) {
  return (
    <>
      <ProductFormDialog
        open={state.form.open}
        onOpenChange={state.setFormOpen}
        product={state.form.product}
        onTest={state.actions.onTest}
      />
      <CheckDetailDialog state={state.checking} onClose={state.closeCheck} />
      <DeleteProductDialog
        productName={state.deleting?.name ?? null}
        onCancel={state.cancelDelete}
        onConfirm={state.confirmDelete}
      />
    </>
  );
}
