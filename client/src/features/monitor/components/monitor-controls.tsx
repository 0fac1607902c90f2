import { Play, RefreshCw, Search, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { STATUS_FILTER_LABELS, type StatusFilter } from "../lib/product-display";
import type { MonitorPageState } from "../lib/use-monitor-page";

export function MonitorControls({ state, compact = false }: { state: MonitorPageState; compact?: boolean }) {
  return (
    <div className="flex flex-col gap-2 lg:flex-row lg:items-center">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          type="search"
          aria-label="Pesquisar produtos"
          placeholder="Pesquisar produtos..."
          className="pl-9"
          value={state.search}
          onChange={(e) => state.setSearch(e.target.value)}
        />
      </div>
      <div className="flex gap-2">
        <Select value={state.statusFilter} onValueChange={(v) => state.setStatusFilter(v as StatusFilter)}>
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
        <Button
          variant="outline"
          size={compact ? "icon" : "default"}
          aria-label="Iniciar todos"
          onClick={() => state.setAllActive.mutate(true)}
          disabled={state.setAllActive.isPending}
        >
          <Play className="text-success" />
          {!compact && "Iniciar Todos"}
        </Button>
        <Button
          variant="outline"
          size={compact ? "icon" : "default"}
          aria-label="Parar todos"
          onClick={() => state.setAllActive.mutate(false)}
          disabled={state.setAllActive.isPending}
        >
          <Square className="text-destructive" />
          {!compact && "Parar Todos"}
        </Button>
        <Button
          variant="outline"
          size={compact ? "icon" : "default"}
          aria-label="Atualizar"
          onClick={state.refresh}
        >
          <RefreshCw className={state.isRefreshing ? "animate-spin" : undefined} />
          {!compact && "Atualizar"}
        </Button>
      </div>
    </div>
  );
}
