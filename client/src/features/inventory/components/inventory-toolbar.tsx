import { Download, LayoutGrid, List, RefreshCw } from "lucide-react";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { Button } from "@/components/ui/button";
import { STATUS_FILTER_LABELS, type StatusFilter } from "../lib/inventory-view";

export type ViewMode = "grid" | "list";

const VIEWS = [
  ["grid", LayoutGrid, "Vista em grelha"],
  ["list", List, "Vista em lista"],
] as const;

interface InventoryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: StatusFilter;
  onStatus: (value: StatusFilter) => void;
  view: ViewMode;
  onView: (value: ViewMode) => void;
  onRefresh: () => void;
  isRefreshing: boolean;
  onExport: () => void;
}

export function InventoryToolbar(props: InventoryToolbarProps) {
  return (
    <Toolbar
      search={
        <SearchField
          label="Pesquisar por nome ou SKU"
          placeholder="Pesquisar por nome ou SKU..."
          value={props.search}
          onChange={props.onSearch}
        />
      }
    >
      <OptionSelect
        label="Filtrar por estado"
        value={props.status}
        options={STATUS_FILTER_LABELS}
        onChange={props.onStatus}
      />
      <ViewToggle value={props.view} views={VIEWS} onChange={props.onView} />
      <Button variant="outline" size="icon" aria-label="Atualizar" onClick={props.onRefresh}>
        <RefreshCw className={props.isRefreshing ? "animate-spin" : undefined} />
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label="Exportar CSV"
        title="Exportar CSV"
        onClick={props.onExport}
      >
        <Download />
      </Button>
    </Toolbar>
  );
}
