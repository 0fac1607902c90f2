import { ACTIVITY_FILTER_LABELS, type ActivityFilter } from "@common/schemas/activity";
import { Download, LayoutGrid, Search, Table2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";
import { ClearHistoryButton } from "./clear-history-dialog";

export type HistoryView = "cards" | "table";

interface HistoryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  filter: ActivityFilter;
  onFilter: (value: ActivityFilter) => void;
  view?: HistoryView;
  onView?: (view: HistoryView) => void;
  onExport: () => void;
  isEmpty: boolean;
  compact?: boolean;
}

export function HistoryToolbar(props: HistoryToolbarProps) {
  const { search, onSearch, filter, onFilter, view, onView, onExport, isEmpty, compact } = props;
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Pesquisar no histórico"
          placeholder="Pesquisar atividade..."
          className="pl-9"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Select value={filter} onValueChange={(v) => onFilter(v as ActivityFilter)}>
          <SelectTrigger aria-label="Filtrar por tipo" className="min-w-0 flex-1 lg:w-44">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {Object.entries(ACTIVITY_FILTER_LABELS).map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {view && onView && (
          <fieldset className="m-0 flex min-w-0 rounded-md border bg-card p-0.5" aria-label="Vista">
            {(
              [
                ["cards", LayoutGrid, "Vista em cartões"],
                ["table", Table2, "Vista em tabela"],
              ] as const
            ).map(([value, Icon, label]) => (
              <Button
                key={value}
                variant="ghost"
                size="icon-sm"
                aria-label={label}
                aria-pressed={view === value}
                className={cn(view === value && "bg-accent text-accent-foreground")}
                onClick={() => onView(value)}
              >
                <Icon />
              </Button>
            ))}
          </fieldset>
        )}
        <Button
          variant="outline"
          size={compact ? "icon" : "default"}
          aria-label="Exportar CSV"
          onClick={onExport}
          disabled={isEmpty}
        >
          <Download />
          {!compact && "Exportar CSV"}
        </Button>
        <ClearHistoryButton disabled={isEmpty} iconOnly={compact} />
      </div>
    </div>
  );
}
