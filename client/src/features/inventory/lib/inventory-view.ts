import {
  filterInventory,
  INVENTORY_FILTERS,
  INVENTORY_SORTS,
  type InventoryFilter,
  type InventorySort,
} from "@common/books-export";
import type { InventoryItem } from "@common/schemas/inventory";
import { i18n } from "@/lib/i18n";

export type StatusFilter = InventoryFilter;

/** the status filter's options, named in the language in force (call at render) */
export function statusFilterLabels(): Record<StatusFilter, string> {
  return Object.fromEntries(
    INVENTORY_FILTERS.map((filter) => [
      filter,
      filter === "all" ? i18n.t("inventory:toolbar.allStatuses") : statusLabel(filter),
    ]),
  ) as Record<StatusFilter, string>;
}

/** an inventory status in the language in force; one we have no name for shows as it came */
export function statusLabel(status: string): string {
  const key = `common:inventoryStatus.${status}`;
  return i18n.exists(key) ? i18n.t(key as "common:inventoryStatus.unknown") : status;
}

export function statusBadgeVariant(status: string) {
  if (status === "in_stock" || status === "active") return "success" as const;
  if (status === "sold") return "info" as const;
  if (status === "pending" || status === "low_stock") return "warning" as const;
  if (status === "out_of_stock" || status === "inactive") return "destructive" as const;
  return "secondary" as const;
}

/** search over name and SKU, then the status filter (the same the CSV export applies) */
export const filterItems = filterInventory;

/** the orders' names in the language in force (call at render) */
export function sortLabels(): Record<InventorySort, string> {
  return Object.fromEntries(
    INVENTORY_SORTS.map((sort) => [sort, i18n.t(`inventory:toolbar.sorts.${sort}`)]),
  ) as Record<InventorySort, string>;
}

const DAY_MS = 86_400_000;

/**
 * whole days an unsold item has been in stock: from the day it was bought (else registered) to
 * `now`; null for a sold item (its sale says how long it stayed) or one dated in the future
 */
export function daysInStockOf(item: Pick<InventoryItem, "purchaseDate" | "createdAt" | "sale">, now: Date) {
  if (item.sale) return null;
  const since = Date.parse(item.purchaseDate ?? item.createdAt);
  const days = Math.floor((now.getTime() - since) / DAY_MS);
  return Number.isFinite(days) && days >= 0 ? days : null;
}
