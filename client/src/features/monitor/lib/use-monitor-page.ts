import type { ProductDto } from "@common/schemas/products";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useDeleteProduct } from "../api/delete-product";
import { useMonitorStats } from "../api/get-monitor-stats";
import { useProducts } from "../api/get-products";
import { useRecentActivity } from "../api/get-recent-activity";
import { useStatistics } from "../api/get-statistics";
import { invalidateMonitor } from "../api/invalidate-monitor";
import { useSetAllActive } from "../api/set-all-active";
import { useToggleProduct } from "../api/toggle-product";
import type { CheckDialogState } from "../components/check-detail-dialog";
import { matchesStatusFilter, type StatusFilter } from "./product-display";

/** everything the Monitor shows and does, shared by the desktop and mobile layouts */
export function useMonitorPage() {
  const queryClient = useQueryClient();
  const products = useProducts();
  const statistics = useStatistics();
  const monitorStats = useMonitorStats();
  const activity = useRecentActivity();
  const toggle = useToggleProduct();
  const remove = useDeleteProduct();
  const setAllActive = useSetAllActive();

  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [editing, setEditing] = useState<ProductDto | null>(null);
  const [isFormOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<ProductDto | null>(null);
  const [checking, setChecking] = useState<CheckDialogState | null>(null);

  const visible = useMemo(() => {
    const term = search.trim().toLocaleLowerCase("pt-PT");
    return (products.data ?? []).filter(
      (p) => p.name.toLocaleLowerCase("pt-PT").includes(term) && matchesStatusFilter(p, statusFilter),
    );
  }, [products.data, search, statusFilter]);

  return {
    products,
    visible,
    statistics: statistics.data,
    monitorStats: monitorStats.data,
    activity: activity.data,
    canCreateMore: monitorStats.data?.canCreateMore ?? true,
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
