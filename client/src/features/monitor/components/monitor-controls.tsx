import { LayoutGrid, List, Play, RefreshCw, Square } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { Button } from "@/components/ui/button";
import { STATUS_FILTERS, type StatusFilter } from "../lib/product-display";
import { useQueryClient } from "@tanstack/react-query";
import { invalidateMonitor } from "../api/invalidate-monitor";
import { useSetAllActive } from "../api/set-all-active";
import type { ProductFilters } from "../lib/use-product-filters";

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

/** search, status filter and view; start, stop and refresh every product of the user */
export function MonitorControls({
  filters,
  isRefreshing,
  compact = false,
}: {
  filters: ProductFilters;
  isRefreshing: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation("monitor");
  const queryClient = useQueryClient();
  const setAllActive = useSetAllActive();
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
          value={filters.search}
          onChange={filters.setSearch}
        />
      }
      // beside the search, so the status filter keeps room for its text on a phone
      beside={<ViewToggle value={filters.view} views={views} onChange={filters.setView} />}
    >
      <OptionSelect
        label={t("controls.filterLabel")}
        value={filters.statusFilter}
        options={statusFilters}
        onChange={filters.setStatusFilter}
      />
      <ControlButton
        label={t("controls.startAllLabel")}
        text={t("controls.startAll")}
        compact={compact}
        onClick={() => setAllActive.mutate(true)}
        disabled={setAllActive.isPending}
      >
        <Play className="text-success" />
      </ControlButton>
      <ControlButton
        label={t("controls.stopAllLabel")}
        text={t("controls.stopAll")}
        compact={compact}
        onClick={() => setAllActive.mutate(false)}
        disabled={setAllActive.isPending}
      >
        <Square className="text-destructive" />
      </ControlButton>
      <ControlButton
        label={t("controls.refresh")}
        text={t("controls.refresh")}
        compact={compact}
        onClick={() => invalidateMonitor(queryClient)}
      >
        <RefreshCw className={isRefreshing ? "animate-spin" : undefined} />
      </ControlButton>
    </Toolbar>
  );
}
