import type { ProductDto } from "@common/schemas/products";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useDeleteProduct } from "../api/delete-product";
import { useMonitorStats } from "../api/get-monitor-stats";
import { useProducts } from "../api/get-products";
import { useActivity } from "@/lib/activity-queries";
import { useStatistics } from "../api/get-statistics";
import { invalidateMonitor } from "../api/invalidate-monitor";
import { useSetAllActive } from "../api/set-all-active";
import { useToggleProduct } from "../api/toggle-product";
import type { CheckDialogState } from "../components/check-detail-dialog";
import { useStoredChoice } from "@/hooks/use-stored-choice";
import {
  DEFAULT_SORT,
  matchesStatusFilter,
  PRODUCT_SORTS,
  sortProducts,
  type StatusFilter,
} from "./product-display";

export const MONITOR_VIEWS = ["cards", "list"] as const;
export type MonitorView = (typeof MONITOR_VIEWS)[number];

/** everything the Monitor shows and does, shared by the desktop and mobile layouts */
export function useMonitorPage() {
  const queryClient = useQueryClient();
  const products = useProducts();
  const statistics = useStatistics();
  const monitorStats = useMonitorStats();
  const activity = useActivity();
  const toggle = useToggleProduct();
  const remove = useDeleteProduct();
  const setAllActive = useSetAllActive();

  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const [checking, setChecking] = useState<CheckDialogState | null>(null);

  const [view, setView] = useStoredChoice("stock-monitor-monitor-view", MONITOR_VIEWS, "cards");
  const [sort, setSort] = useStoredChoice("stock-monitor-monitor-sort", PRODUCT_SORTS, DEFAULT_SORT);

  const visible = useMemo(() => {
    const term = search.trim().toLocaleLowerCase("pt-PT");
    const found = (products.data ?? []).filter(
      (p) => p.name.toLocaleLowerCase("pt-PT").includes(term) && matchesStatusFilter(p, statusFilter),
    );
    // the cards keep the newest first; the list is sorted by its columns
    return view === "list" ? sortProducts(found, sort) : found;
  }, [products.data, search, statusFilter, view, sort]);

  return {
    products,
    visible,
    statistics: statistics.data,
    monitorStats: monitorStats.data,
    activity: activity.data,
    canCreateMore: monitorStats.data?.canCreateMore ?? true,
    view,
    setView,
    sort,
    setSort,
    search,
    setSearch,
    statusFilter,
    setStatusFilter,
    setAllActive,
    isRefreshing: products.isFetching,
    refresh: () => invalidateMonitor(queryClient),
    form: { open: isFormOpen, product: editing },
    openCreate: () => {
      setEditing(null);
      setFormOpen(true);
    },
    setFormOpen,
    actions: {
      onToggle: (p: ProductDto) => toggle.mutate(p.id),
      onEdit: (p: ProductDto) => {
        setEditing(p);
        setFormOpen(true);
      },
      onDelete: (p: ProductDto) => setDeleting(p),
      onTest: (p: ProductDto) => setChecking({ product: p, mode: "test" }),
      onShowCheck: (p: ProductDto) => setChecking({ product: p, mode: "last" }),
    },
    checking,
    closeCheck: () => setChecking(null),
    deleting,
    cancelDelete: () => setDeleting(null),
    confirmDelete: () => {
      if (deleting) remove.mutate(deleting.id);
      setDeleting(null);
    },
  };
}

export type MonitorPageState = ReturnType<typeof useMonitorPage>;
