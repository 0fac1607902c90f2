import { LayoutGrid, List, Play, RefreshCw, Square } from "lucide-react";
import type { ProductDto } from "@common/schemas/products";
import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
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

/** more products than this changing at once asks first */
const CONFIRM_ABOVE = 5;

/**
 * "Iniciar Todos" and "Parar Todos": straight away for a few products, after a confirmation for
 * more; the toast says how many changed (the server's count). Held by the page, with its
 * confirmation (SwitchAllConfirm) outside the layout that changes at 768 px: the controls move
 * between the phone and desktop trees, and a question held there vanished when they did.
 */
export function useSwitchAll(products: readonly ProductDto[] | undefined) {
  const setAllActive = useSetAllActive();
  const [asking, setAsking] = useState<boolean | null>(null);
  const changing = (isActive: boolean) => products?.filter((p) => p.isActive !== isActive).length ?? 0;
  return {
    pending: setAllActive.isPending,
    asking,
    count: asking === null ? 0 : changing(asking),
    request: (isActive: boolean) => {
      if (changing(isActive) > CONFIRM_ABOVE) setAsking(isActive);
      else setAllActive.mutate(isActive);
    },
    confirm: () => {
      if (asking !== null) setAllActive.mutate(asking);
      setAsking(null);
    },
    cancel: () => setAsking(null),
  };
}

/** search, status filter and view; start, stop and refresh every product of the user */
export function MonitorControls({
  filters,
  switchAll,
  isRefreshing,
  compact = false,
}: {
  filters: ProductFilters;
  /** start and stop every product of the user (not only the filtered ones) */
  switchAll: SwitchAll;
  isRefreshing: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation("monitor");
  const queryClient = useQueryClient();
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
        onClick={() => switchAll.request(true)}
        disabled={switchAll.pending}
      >
        <Play className="text-success" />
      </ControlButton>
      <ControlButton
        label={t("controls.stopAllLabel")}
        text={t("controls.stopAll")}
        compact={compact}
        onClick={() => switchAll.request(false)}
        disabled={switchAll.pending}
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

type SwitchAll = ReturnType<typeof useSwitchAll>;

/** "Parar 7 monitores?": asked when more than CONFIRM_ABOVE products would change */
export function SwitchAllConfirm({ switchAll }: { switchAll: SwitchAll }) {
  const { t } = useTranslation("monitor");
  return (
    <ConfirmDialog
      open={switchAll.asking !== null}
      onOpenChange={(open) => !open && switchAll.cancel()}
      title={t(switchAll.asking ? "controls.confirmStartTitle" : "controls.confirmStopTitle", {
        count: switchAll.count,
      })}
      description={t(switchAll.asking ? "controls.confirmStart" : "controls.confirmStop", {
        count: switchAll.count,
      })}
      confirmLabel={t(switchAll.asking ? "controls.startAll" : "controls.stopAll")}
      destructive={switchAll.asking === false}
      onConfirm={switchAll.confirm}
    />
  );
}
