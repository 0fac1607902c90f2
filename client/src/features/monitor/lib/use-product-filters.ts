import type { ProductDto } from "@common/schemas/products";
import { useMemo, useState } from "react";
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

/** what the toolbar chooses: search and status for this visit, view and sort kept in the browser */
export function useProductFilters() {
  const [search, setSearch] = useState("");
  const [statusFilter, setStatusFilter] = useState<StatusFilter>("all");
  const [view, setView] = useStoredChoice("stock-monitor-monitor-view", MONITOR_VIEWS, "cards");
  const [sort, setSort] = useStoredChoice("stock-monitor-monitor-sort", PRODUCT_SORTS, DEFAULT_SORT);
  return { search, setSearch, statusFilter, setStatusFilter, view, setView, sort, setSort };
}

export type ProductFilters = ReturnType<typeof useProductFilters>;

/** the products the filters let through; the cards keep the newest first, the list is sorted by its columns */
export function useVisibleProducts(products: ProductDto[] | undefined, filters: ProductFilters) {
  const { search, statusFilter, view, sort } = filters;
  return useMemo(() => {
    const term = search.trim().toLocaleLowerCase("pt-PT");
    const found = (products ?? []).filter(
      (p) => p.name.toLocaleLowerCase("pt-PT").includes(term) && matchesStatusFilter(p, statusFilter),
    );
    return view === "list" ? sortProducts(found, sort) : found;
  }, [products, search, statusFilter, view, sort]);
}
