import { ACTIVITY_FILTER_LABELS, type ActivityFilter } from "@common/schemas/activity";
import { useTranslation } from "react-i18next";
import { useId } from "react";
import { Download, LayoutGrid, Table2, X } from "lucide-react";
import { OptionSelect, SearchField, Toolbar, ViewToggle } from "@/components/toolbar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { type HistoryFilters, maskDay, NO_FILTERS, parseDay, rangeError } from "../lib/history";
import { ClearHistoryButton } from "./clear-history-dialog";

export const HISTORY_VIEWS = ["table", "cards"] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

const VIEWS = [
  ["table", Table2, "toolbar.tableView"],
  ["cards", LayoutGrid, "toolbar.cardsView"],
] as const;
const FILTERS = Object.keys(ACTIVITY_FILTER_LABELS) as ActivityFilter[];

/** Radix's select has no empty value: this one stands for every product */
const ALL_PRODUCTS = "__todos__";

interface HistoryToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  filter: ActivityFilter;
  onFilter: (value: ActivityFilter) => void;
  filters: HistoryFilters;
  onFilters: (value: HistoryFilters) => void;
  products: string[];
  view?: HistoryView;
  onView?: (view: HistoryView) => void;
  onExport: () => void;
  isEmpty: boolean;
  compact?: boolean;
}

export function HistoryToolbar(props: HistoryToolbarProps) {
  const { search, onSearch, filter, onFilter, view, onView, onExport, isEmpty, compact } = props;
  const { t } = useTranslation("history");
  return (
    <div className="space-y-2">
      <Toolbar
        search={
          <SearchField
            label={t("toolbar.searchLabel")}
            placeholder={t("toolbar.searchPlaceholder")}
            value={search}
            onChange={onSearch}
          />
        }
      >
        <OptionSelect
          label={t("toolbar.filterByType")}
          value={filter}
          options={
            Object.fromEntries(FILTERS.map((k) => [k, t(`filters.${k}`)])) as Record<ActivityFilter, string>
          }
          onChange={onFilter}
        />
        {view && onView && (
          <ViewToggle
            value={view}
            views={VIEWS.map(([v, icon, label]) => [v, icon, t(label)] as const)}
            onChange={onView}
          />
        )}
        <Button
          variant="outline"
          size={compact ? "icon" : "default"}
          aria-label={t("toolbar.exportCsv")}
          onClick={onExport}
          disabled={isEmpty}
        >
          <Download />
          {!compact && t("toolbar.exportCsv")}
        </Button>
        <ClearHistoryButton disabled={isEmpty} iconOnly={compact} />
      </Toolbar>
      <ProductAndDateFilters {...props} />
    </div>
  );
}

function ProductAndDateFilters({ filters, onFilters, products }: HistoryToolbarProps) {
  const { t } = useTranslation("history");
  const error = rangeError(filters);
  const set = (change: Partial<HistoryFilters>) => onFilters({ ...filters, ...change });
  const any = filters.product !== "" || filters.from !== "" || filters.to !== "";
  // a product chosen earlier stays a choice even when it left the list
  const choices =
    filters.product && !products.includes(filters.product) ? [filters.product, ...products] : products;
  return (
    <div>
      <div className="grid grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center">
        <Select
          value={filters.product || ALL_PRODUCTS}
          onValueChange={(v) => set({ product: v === ALL_PRODUCTS ? "" : v })}
        >
          <SelectTrigger
            aria-label={t("toolbar.filterByProduct")}
            className="col-span-2 w-full min-w-0 md:w-64"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL_PRODUCTS}>{t("toolbar.allProducts")}</SelectItem>
            {choices.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <DateField
          kind="from"
          value={filters.from}
          onChange={(from) => set({ from })}
          invalid={filters.from.length === 10 && !parseDay(filters.from)}
        />
        <DateField
          kind="to"
          value={filters.to}
          onChange={(to) => set({ to })}
          invalid={error !== null && !(filters.from.length === 10 && !parseDay(filters.from))}
        />
        {any && (
          <Button
            variant="ghost"
            className="col-span-2 justify-self-start"
            onClick={() => onFilters(NO_FILTERS)}
          >
            <X />
            {t("toolbar.clearFilters")}
          </Button>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-destructive">
          {t(error)}
        </p>
      )}
    </div>
  );
}

function DateField(props: {
  kind: "from" | "to";
  value: string;
  onChange: (v: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  const { t } = useTranslation("history");
  return (
    <div className="flex min-w-0 items-center gap-2 text-sm">
      <label htmlFor={id} className="shrink-0 text-muted-foreground">
        {t(`dates.${props.kind}`)}
      </label>
      <Input
        id={id}
        // text, not type=date: the browser's date field follows its own language (mm/dd/yyyy in an
        // English one); this one always reads dd/mm/aaaa and takes the digits of a phone keypad
        inputMode="numeric"
        autoComplete="off"
        placeholder={t("dates.placeholder")}
        maxLength={10}
        aria-label={t(`dates.${props.kind}Day`)}
        aria-invalid={props.invalid || undefined}
        className="min-w-0 tabular-nums md:w-32"
        value={props.value}
        onChange={(e) => props.onChange(maskDay(e.target.value))}
      />
    </div>
  );
}
