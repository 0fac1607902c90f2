import { LayoutGrid, List, Play, RefreshCw, Square } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { Button } from "@/components/ui/button";
import { STATUS_FILTERS, type StatusFilter } from "../lib/product-display";
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

export function MonitorControls({ state, compact = false }: { state: MonitorPageState; compact?: boolean }) {
  const { t } = useTranslation("monitor");
  const views = [
    ["cards", LayoutGrid, t("controls.viewCards")],
    ["list", List, t("controls.viewList")],
  ] as const;
  const statusFilters = Object.fromEntries(
    STATUS_FILTERS.map((filter) => [filter, t(`statusFilter.${filter}`)]),
  ) as Record<StatusFilter, string>;
  return (
    <Toolbar
      search={
        <SearchField
          label={t("controls.searchLabel")}
          placeholder={t("controls.searchPlaceholder")}
          value={state.search}
          onChange={state.setSearch}
        />
      }
      // beside the search, so the status filter keeps room for its text on a phone
      beside={<ViewToggle value={state.view} views={views} onChange={state.setView} />}
    >
      <OptionSelect
        label={t("controls.filterLabel")}
        value={state.statusFilter}
        options={statusFilters}
        onChange={state.setStatusFilter}
      />
      <ControlButton
        label={t("controls.startAllLabel")}
        text={t("controls.startAll")}
        compact={compact}
        onClick={() => state.setAllActive.mutate(true)}
        disabled={state.setAllActive.isPending}
      >
        <Play className="text-success" />
      </ControlButton>
      <ControlButton
        label={t("controls.stopAllLabel")}
        text={t("controls.stopAll")}
        compact={compact}
        onClick={() => state.setAllActive.mutate(false)}
        disabled={state.setAllActive.isPending}
      >
        <Square className="text-destructive" />
      </ControlButton>
      <ControlButton
        label={t("controls.refresh")}
        text={t("controls.refresh")}
        compact={compact}
        onClick={state.refresh}
      >
        <RefreshCw className={state.isRefreshing ? "animate-spin" : undefined} />
      </ControlButton>
    </Toolbar>
  );
}
