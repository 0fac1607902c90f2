import { filterInventory, type InventoryFilter, inventoryStatusLabel } from "@common/books-export";

export type StatusFilter = InventoryFilter;

export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = {
  all: "Todos os estados",
  in_stock: "Em Stock",
  sold: "Vendido",
  pending: "Pendente",
  transit: "Em Trânsito",
};

export const statusLabel = inventoryStatusLabel;

export function statusBadgeVariant(status: string) {
  if (status === "in_stock" || status === "active") return "success" as const;
  if (status === "sold") return "info" as const;
  if (status === "pending" || status === "low_stock") return "warning" as const;
  if (status === "out_of_stock" || status === "inactive") return "destructive" as const;
  return "secondary" as const;
}

/** search over name and SKU, then the status filter (the same the CSV export applies) */
export const filterItems = filterInventory;
