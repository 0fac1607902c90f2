import { Download, LayoutGrid, List, RefreshCw, Table2 } from "lucide-react";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import type { InventorySort } from "@common/books-export";
import { type StatusFilter, sortLabels, statusFilterLabels } from "../lib/inventory-view";

export const VIEW_MODES = ["grid", "list", "table"] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

/** the view switch's buttons: the label is a key, named at render */
const VIEWS = [
  ["grid", LayoutGrid, "toolbar.gridView"],
  ["list", List, "toolbar.listView"],
  ["table", Table2, "toolbar.tableView"],
] as const;

interface InventoryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  sort: InventorySort;
  onSort: (value: InventorySort) => void;
  view: ViewMode;
  onView: (value: ViewMode) => void;
  onRefresh: () => void;
  isRefreshing: boolean;
  onExport: () => void;
  /** the dense table is offered only where its columns fit (wide screens) */
  tableFits: boolean;
}

export function InventoryToolbar(props: InventoryToolbarProps) {
  const { t } = useTranslation("inventory");
  const views = VIEWS.filter(([value]) => value !== "table" || props.tableFits).map(
    ([value, icon, label]) => [value, icon, t(label)] as const,
  );
  return (
    <Toolbar
      wrap
      search={
        <SearchField
          label={t("toolbar.search")}
          placeholder={t("toolbar.searchPlaceholder")}
          value={props.search}
          onChange={props.onSearch}
        />
      }
    >
      {/* two selects do not fit beside four buttons on a phone: below 1024 px they take a row */}
      <div className="grid basis-full grid-cols-2 gap-2 lg:flex lg:basis-auto">
        <OptionSelect
          label={t("toolbar.statusFilter")}
          value={props.status}
          options={statusFilterLabels()}
          onChange={props.onStatus}
          className="w-full lg:w-44"
        />
        <OptionSelect
          label={t("toolbar.sort")}
          value={props.sort}
          options={sortLabels()}
          onChange={props.onSort}
          className="w-full lg:w-56"
        />
      </div>
      <ViewToggle value={props.view} views={views} onChange={props.onView} />
      <Button variant="outline" size="icon" aria-label={t("toolbar.refresh")} onClick={props.onRefresh}>
        <RefreshCw className={props.isRefreshing ? "animate-spin" : undefined} />
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={t("toolbar.exportCsv")}
        title={t("toolbar.exportCsv")}
        onClick={props.onExport}
      >
        <Download />
      </Button>
    </Toolbar>
  );
}
