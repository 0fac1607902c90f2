import { LayoutGrid, List, Play, RefreshCw, Square } from "lucide-react";
import type { ReactNode } from "react";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { Button } from "@/components/ui/button";
import { STATUS_FILTER_LABELS } from "../lib/product-display";
import type { MonitorPageState } from "../lib/use-monitor-page";

/** a button's text shows from 1280 px; below it is an icon with its name for screen readers */
const Label = ({ children }: { children: string }) => <span className="hidden xl:inline">{children}</span>;

/** an icon button whose text shows from 1280 px unless the toolbar is compact */
function ControlButton(props: {
  label: string;
  text: string;
  compact: boolean;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      variant="outline"
      size="icon"
      className={props.compact ? undefined : "xl:w-auto xl:px-3"}
      aria-label={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
      {!props.compact && <Label>{props.text}</Label>}
    </Button>
  );
}

const VIEWS = [
  ["cards", LayoutGrid, "Vista em cartões"],
  ["list", List, "Vista em lista"],
] as const;

export function MonitorControls({ state, compact = false }: { state: MonitorPageState; compact?: boolean }) {
  return (
    <Toolbar
      search={
        <SearchField
          label="Pesquisar produtos"
          placeholder="Pesquisar produtos..."
          value={state.search}
          onChange={state.setSearch}
        />
      }
    >
      <ViewToggle value={state.view} views={VIEWS} onChange={state.setView} />
      <OptionSelect
        label="Filtrar por estado"
        value={state.statusFilter}
        options={STATUS_FILTER_LABELS}
        onChange={state.setStatusFilter}
      />
      <ControlButton
        label="Iniciar todos"
        text="Iniciar Todos"
        compact={compact}
        onClick={() => state.setAllActive.mutate(true)}
        disabled={state.setAllActive.isPending}
      >
        <Play className="text-success" />
      </ControlButton>
      <ControlButton
        label="Parar todos"
        text="Parar Todos"
        compact={compact}
        onClick={() => state.setAllActive.mutate(false)}
        disabled={state.setAllActive.isPending}
      >
        <Square className="text-destructive" />
      </ControlButton>
      <ControlButton label="Atualizar" text="Atualizar" compact={compact} onClick={state.refresh}>
        <RefreshCw className={state.isRefreshing ? "animate-spin" : undefined} />
      </ControlButton>
    </Toolbar>
  );
}
