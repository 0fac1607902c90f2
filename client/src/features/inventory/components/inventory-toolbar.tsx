import { Download, LayoutGrid, List, RefreshCw, Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { STATUS_FILTER_LABELS, type StatusFilter } from "../lib/inventory-view";

export type ViewMode = "grid" | "list";

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
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Pesquisar por nome ou SKU"
          placeholder="Pesquisar por nome ou SKU..."
          className="pl-9"
          value={props.search}
          onChange={(e) => props.onSearch(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Select value={props.status} onValueChange={(v) => props.onStatus(v as StatusFilter)}>
          <SelectTrigger aria-label="Filtrar por estado" className="min-w-0 flex-1 lg:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(STATUS_FILTER_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <fieldset className="flex rounded-md border bg-card p-0.5" aria-label="Vista">
          {(["grid", "list"] as const).map((mode) => {
            const Icon = mode === "grid" ? LayoutGrid : List;
            return (
              <Button
                key={mode}
                variant="ghost"
                size="icon-sm"
                aria-label={mode === "grid" ? "Vista em grelha" : "Vista em lista"}
                aria-pressed={props.view === mode}
                className={cn(props.view === mode && "bg-accent text-accent-foreground")}
                onClick={() => props.onView(mode)}
              >
                <Icon />
              </Button>
            );
          })}
        </fieldset>
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
      </div>
    </div>
  );
}
