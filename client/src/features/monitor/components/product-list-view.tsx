import type { ProductDto } from "@common/schemas/products";
import {
  Activity,
  ArrowDown,
  ArrowUp,
  ArrowUpDown,
  ExternalLink,
  FileSearch,
  Ellipsis,
  Pause,
  Pencil,
  Play,
  ShoppingBag,
  Store,
  Trash2,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatClockOrDate, formatLastCheck } from "@/lib/format";
import { translateMessage } from "@/lib/i18n";
import { useFormat } from "@/lib/user-settings";
import { usePlatforms } from "@/lib/platforms";
import { cn } from "@/lib/utils";
import {
  checkMoments,
  FIRST_DIRECTION,
  hasCheckFailure,
  hostPauseText,
  nextSort,
  type ProductSort,
  parseSort,
  SORT_KEYS,
  type SortKey,
} from "../lib/product-display";
import { StretchedInterval } from "./interval-text";
import { StatusBadge, StatusChips } from "./product-badges";
import { boughtPath } from "../lib/product-display";
import { type ProductActions, ToggleButton, useCanBeBought } from "./product-card";

interface ListProps extends ProductActions {
  products: ProductDto[];
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
}

/** the row's other actions, in a menu so a row stays one line */
function RowMenu({
  product,
  onToggle,
  onEdit,
  onDelete,
  onTest,
  onShowCheck,
}: { product: ProductDto } & ProductActions) {
  const { t } = useTranslation(["monitor", "common"]);
  const platforms = usePlatforms();
  const canBeBought = useCanBeBought();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={t("list.actionsFor", { name: product.name })}>
          <Ellipsis />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuItem onSelect={() => onToggle(product)}>
          {product.isActive ? <Pause /> : <Play />}
          {product.isActive ? t("card.pauseMonitoring") : t("card.startMonitoring")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onEdit(product)}>
          <Pencil />
          {t("common:actions.edit")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onTest(product)}>
          <Activity />
          {t("card.testNow")}
        </DropdownMenuItem>
        {hasCheckFailure(product) && (
          <DropdownMenuItem onSelect={() => onShowCheck(product)}>
            <FileSearch />
            {t("failure.showCheck")}
          </DropdownMenuItem>
        )}
        {canBeBought(product) && (
          <DropdownMenuItem asChild>
            <Link href={boughtPath(product)}>
              <ShoppingBag />
              {t("card.boughtTitle")}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <a href={product.url} target="_blank" rel="noreferrer noopener">
            <ExternalLink />
            {t("card.openUrl")}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href={platforms.pageUrl(product)} target="_blank" rel="noreferrer noopener">
            <Store />
            {t("card.openInStore", { platform: platforms.label(product.platform) })}
          </a>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(product)}>
          <Trash2 />
          {t("card.remove")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** a failing monitor's last attempt and last success, apart */
function CheckMoments({ product, inline = false }: { product: ProductDto; inline?: boolean }) {
  const f = useFormat();
  const moments = checkMoments(product, f).map(({ label, when }) => `${label} ${when}`);
  if (inline) return <span data-testid="check-moments">{moments.join(" · ")}</span>;
  return (
    <span data-testid="check-moments" className="flex flex-col text-xs">
      {moments.map((m) => (
        <span key={m}>{m}</span>
      ))}
    </span>
  );
}

/** why the checks fail, on one short line under the name */
function FailureLine({ product }: { product: ProductDto }) {
  const f = useFormat();
  const { t } = useTranslation("monitor");
  if (!hasCheckFailure(product)) return null;
  const pause = hostPauseText(product, f);
  return (
    <p className="text-xs whitespace-normal text-[oklch(0.45_0.12_65)] dark:text-warning">
      {t("list.failure", {
        reason: product.lastError ? translateMessage(product.lastError) : t("list.unknownReason"),
      })}
      {pause && <span className="block">{pause}</span>}
    </p>
  );
}

function SortHeader({
  column,
  sort,
  onSort,
  className,
}: {
  column: SortKey;
  sort: ProductSort;
  onSort: (sort: ProductSort) => void;
  className?: string;
}) {
  const { t } = useTranslation("monitor");
  const { key, direction } = parseSort(sort);
  const active = key === column;
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <TableHead
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={cn("px-1 whitespace-normal", className)}
    >
      <Button
        variant="ghost"
        size="sm"
        className={cn(
          "h-auto min-h-8 px-2 py-1 text-left text-xs font-medium whitespace-normal",
          active ? "text-foreground" : "text-muted-foreground",
        )}
        onClick={() => onSort(nextSort(sort, column))}
      >
        {t(`sort.${column}`)}
        <Icon className={cn("size-3.5", !active && "opacity-50")} />
      </Button>
    </TableHead>
  );
}

/** the compact view on wider screens: one row per product, sortable columns */
export function ProductTable({ products, sort, onSort, ...actions }: ListProps) {
  const f = useFormat();
  const platforms = usePlatforms();
  const { t } = useTranslation("monitor");
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <Table data-testid="product-table">
        <TableHeader>
          <TableRow>
            <SortHeader column="name" sort={sort} onSort={onSort} className="w-full" />
            <SortHeader column="status" sort={sort} onSort={onSort} />
            <SortHeader column="restock" sort={sort} onSort={onSort} />
            <SortHeader column="check" sort={sort} onSort={onSort} />
            <TableHead className="px-2">
              <span className="sr-only">{t("list.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {products.map((p) => (
            <TableRow key={p.id} data-testid="product-row" aria-label={p.name}>
              <TableCell className="max-w-0 min-w-28 whitespace-normal">
                <p className="truncate font-medium" title={p.name}>
                  {p.name}
                </p>
                <p className="truncate text-xs text-muted-foreground">
                  {platforms.storeName(p)}
                  {!p.isActive && ` · ${t("card.paused")}`}
                </p>
                <FailureLine product={p} />
                <StretchedInterval product={p} />
              </TableCell>
              <TableCell className="px-2 whitespace-normal">
                <StatusBadge product={p} className={hasCheckFailure(p) ? "whitespace-normal" : undefined} />
              </TableCell>
              <TableCell className="px-2 tabular-nums whitespace-normal" data-testid="last-restock">
                {formatClockOrDate(p.lastRestockAt, f)}
              </TableCell>
              <TableCell className="px-2 tabular-nums whitespace-normal">
                {hasCheckFailure(p) ? <CheckMoments product={p} /> : formatLastCheck(p.lastCheck, f)}
              </TableCell>
              <TableCell className="px-2">
                <div className="flex items-center justify-end gap-1">
                  {/* below 1280 px the menu holds it, so the row fits beside the sidebar */}
                  <ToggleButton product={p} onToggle={actions.onToggle} className="hidden xl:inline-flex" />
                  <RowMenu product={p} {...actions} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

/** the compact view on phones: short rows and a select for the order */
export function ProductRows({ products, sort, onSort, ...actions }: ListProps) {
  const f = useFormat();
  const { t } = useTranslation("monitor");
  const { key } = parseSort(sort);
  return (
    <div className="space-y-2">
      <Select value={key} onValueChange={(v) => onSort(`${v as SortKey}-${FIRST_DIRECTION[v as SortKey]}`)}>
        <SelectTrigger aria-label={t("list.sortBy")} className="w-full">
          <span className="text-muted-foreground">{t("list.sortByColon")}</span>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_KEYS.map((k) => (
            <SelectItem key={k} value={k}>
              {t(`sort.${k}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <ul className="divide-y rounded-xl border bg-card" aria-label={t("list.products")}>
        {products.map((p) => (
          <li key={p.id} data-testid="product-row" aria-label={p.name} className="flex items-start gap-2 p-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="truncate text-sm font-semibold">{p.name}</p>
              <StatusChips product={p} />
              <FailureLine product={p} />
              <StretchedInterval product={p} />
              <p className="text-xs text-muted-foreground">
                <span data-testid="last-restock">
                  {t("card.lastRestockValue", { when: formatClockOrDate(p.lastRestockAt, f) })}
                </span>
                {" · "}
                {hasCheckFailure(p) ? (
                  <CheckMoments product={p} inline />
                ) : (
                  <span>{t("list.checkedValue", { when: formatLastCheck(p.lastCheck, f) })}</span>
                )}
              </p>
            </div>
            <ToggleButton product={p} onToggle={actions.onToggle} />
            <RowMenu product={p} {...actions} />
          </li>
        ))}
      </ul>
    </div>
  );
}
