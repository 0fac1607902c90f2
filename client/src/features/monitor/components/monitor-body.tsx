import { PackageSearch, RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/http";
import type { ProductDto } from "@common/schemas/products";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ProductSort } from "../lib/product-display";
import type { ProductDialogs } from "../lib/use-product-dialogs";
import type { MonitorView } from "../lib/use-product-filters";
import { CheckDetailDialog } from "./check-detail-dialog";
import { DeleteProductDialog } from "./delete-product-dialog";
import { type ProductActions, ProductCard } from "./product-card";
import { ProductCardMobile } from "./product-card-mobile";
import { ProductFormDialog } from "./product-form-dialog";
import { ProductRows, ProductTable } from "./product-list-view";

/** the product cards, or the compact list, with their loading, error and empty states */
export function ProductList(props: {
  query: UseQueryResult<ProductDto[]>;
  visible: ProductDto[];
  view: MonitorView;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
  actions: ProductActions;
  mobile?: boolean;
}) {
  const { query, visible, view, sort, onSort, actions, mobile } = props;
  const { t } = useTranslation(["monitor", "common"]);
  if (query.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={PackageSearch}
        title={t("list.loadError")}
        description={errorMessage(query.error, t("common:unknownError"))}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw />
            {t("common:actions.retry")}
          </Button>
        }
      />
    );
  }
  if (visible.length === 0) {
    return <EmptyState icon={PackageSearch} title={t("list.empty")} />;
  }
  if (view === "list") {
    const List = mobile ? ProductRows : ProductTable;
    return <List products={visible} sort={sort} onSort={onSort} {...actions} />;
  }
  if (mobile) {
    return (
      <div className="space-y-3">
        {visible.map((p) => (
          <ProductCardMobile key={p.id} product={p} {...actions} />
        ))}
      </div>
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {visible.map((p) => (
        <ProductCard key={p.id} product={p} {...actions} />
      ))}
    </div>
  );
}

export function MonitorDialogs({ dialogs }: { dialogs: ProductDialogs }) {
  return (
    <>
      <ProductFormDialog
        open={dialogs.form.open}
        onOpenChange={dialogs.setFormOpen}
        product={dialogs.form.product}
        onTest={dialogs.actions.onTest}
      />
      <CheckDetailDialog state={dialogs.checking} onClose={dialogs.closeCheck} />
      <DeleteProductDialog
        productName={dialogs.deleting?.name ?? null}
        onCancel={dialogs.cancelDelete}
        onConfirm={dialogs.confirmDelete}
      />
    </>
  );
}
