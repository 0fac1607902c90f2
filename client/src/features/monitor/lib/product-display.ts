import type { Formatter } from "@common/format";
import { parseJsonList, type ProductDto } from "@common/schemas/products";
import type { ProductStatus } from "@common/status";
import type { BadgeProps } from "@/components/ui/badge";
import { paths } from "@/config/paths";
import { formatClockOrDate, formatLastCheck } from "@/lib/format";
import { i18n } from "@/lib/i18n";

/** the Monitor's status filter; its labels are `monitor:statusFilter.<filter>` */
export const STATUS_FILTERS = ["all", "in_stock", "out_of_stock", "unknown"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/**
 * a member's profile (Vinted) not yet read says 'Perfil'; a status the catalogue lacks shows as it
 * came. `isProfile`: the platform watches profiles (its catalogue entry says so).
 */
export function statusLabel(product: Pick<ProductDto, "status">, isProfile = false): string {
  if (isProfile && product.status === "unknown") return i18n.t("monitor:statusProfile");
  return i18n.t(`common:productStatus.${product.status as ProductStatus}`, { defaultValue: product.status });
}

export function statusVariant(status: string): BadgeProps["variant"] {
  switch (status) {
    case "in_stock":
    case "vinted_active":
      return "success";
    case "low_stock":
    case "vinted_vacation":
      return "warning";
    case "out_of_stock":
      return "destructive";
    default:
      return "secondary";
  }
}

export const isSoldOut = (product: Pick<ProductDto, "status">) => product.status === "out_of_stock";

/** a failing check says so instead of showing a stale verdict as fresh */
export const hasCheckFailure = (product: Pick<ProductDto, "failureStreak">) => product.failureStreak > 0;

/**
 * When the monitor was last checked, in words. While checks fail, the last attempt and the last
 * success are told apart (`lastCheck` moves only on a check that read the page), so a failing card
 * never says "Última verificação: Nunca" beside its streak.
 */
export function checkMoments(
  product: Pick<ProductDto, "failureStreak" | "lastCheck" | "lastErrorAt">,
  f: Formatter,
  now: Date = new Date(),
): { label: string; when: string }[] {
  if (!hasCheckFailure(product)) {
    return [{ label: i18n.t("monitor:card.lastCheck"), when: formatLastCheck(product.lastCheck, f, now) }];
  }
  return [
    { label: i18n.t("monitor:card.lastAttempt"), when: formatLastCheck(product.lastErrorAt, f, now) },
    {
      label: i18n.t("monitor:card.lastSuccess"),
      when: product.lastCheck ? formatClockOrDate(product.lastCheck, f, now) : i18n.t("common:time.never"),
    },
  ];
}

export const productSizes = (product: Pick<ProductDto, "availableSizes">) =>
  parseJsonList(product.availableSizes);

/** status filter of the Monitor: 'unknown' also takes the statuses that are neither in nor out */
export function matchesStatusFilter(product: Pick<ProductDto, "status">, filter: StatusFilter): boolean {
  if (filter === "all") return true;
  if (filter === "in_stock") return product.status === "in_stock" || product.status === "low_stock";
  return product.status === filter;
}

/**
 * The badge tells the truth while checks fail: the status shown is the last one a check read
 * ("Em Stock · último conhecido"). A product never read has nothing older to vouch for.
 */
export function badgeLabel(
  product: Pick<ProductDto, "status" | "failureStreak" | "lastCheck">,
  isProfile = false,
): string {
  const label = statusLabel(product, isProfile);
  return hasCheckFailure(product) && product.lastCheck ? i18n.t("monitor:lastKnown", { label }) : label;
}

/** the checks fail because the engine paused the site after a block: until when, in words */
export function hostPauseText(
  product: Pick<ProductDto, "pausedUntil">,
  f: Formatter,
  now: Date = new Date(),
): string | null {
  if (!product.pausedUntil) return null;
  const until = new Date(product.pausedUntil);
  if (Number.isNaN(until.getTime())) return null;
  return until > now
    ? i18n.t("monitor:hostPause.until", { time: f.timeSeconds(until) })
    : i18n.t("monitor:hostPause.resuming");
}

export const SORT_KEYS = ["status", "name", "restock", "check"] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = "asc" | "desc";
/** "status-asc", "restock-desc" …: one text, so it is stored as it is */
export type ProductSort = `${SortKey}-${SortDirection}`;
// a column's name is `monitor:sort.<key>`
export const PRODUCT_SORTS = SORT_KEYS.flatMap((k) => [`${k}-asc`, `${k}-desc`] as const);
export const DEFAULT_SORT: ProductSort = "status-asc";

/** the way a column sorts first: statuses available first, names A–Z, times newest first */
export const FIRST_DIRECTION: Record<SortKey, SortDirection> = {
  status: "asc",
  name: "asc",
  restock: "desc",
  check: "desc",
};

export const parseSort = (sort: ProductSort) => {
  const [key, direction] = sort.split("-") as [SortKey, SortDirection];
  return { key, direction };
};

/** clicking a column: the same one turns around, another starts its own way */
export function nextSort(current: ProductSort, key: SortKey): ProductSort {
  const { key: currentKey, direction } = parseSort(current);
  if (currentKey !== key) return `${key}-${FIRST_DIRECTION[key]}`;
  return `${key}-${direction === "asc" ? "desc" : "asc"}`;
}

/** what a reseller can buy comes first, then what is out, then what is not known yet */
const STATUS_ORDER = ["in_stock", "low_stock", "vinted_active", "vinted_vacation", "out_of_stock", "unknown"];
const statusRank = (status: string) => {
  const rank = STATUS_ORDER.indexOf(status);
  return rank === -1 ? STATUS_ORDER.length : rank;
};

const byName = (a: Pick<ProductDto, "name">, b: Pick<ProductDto, "name">) =>
  a.name.localeCompare(b.name, "pt-PT", { sensitivity: "base" });

const time = (value: string | null) => (value ? new Date(value).getTime() : null);

type Sortable = Pick<ProductDto, "name" | "status" | "lastRestockAt" | "lastCheck">;

/** a new list in the chosen order; products never restocked or never checked stay last, by name */
export function sortProducts<T extends Sortable>(products: T[], sort: ProductSort): T[] {
  const { key, direction } = parseSort(sort);
  const sign = direction === "asc" ? 1 : -1;
  const compare = (a: T, b: T): number => {
    if (key === "name") return sign * byName(a, b);
    if (key === "status") return sign * (statusRank(a.status) - statusRank(b.status)) || byName(a, b);
    const [ta, tb] =
      key === "restock"
        ? [time(a.lastRestockAt), time(b.lastRestockAt)]
        : [time(a.lastCheck), time(b.lastCheck)];
    if (ta === null || tb === null) return (ta === null ? 1 : 0) - (tb === null ? 1 : 0) || byName(a, b);
    return sign * (ta - tb) || byName(a, b);
  };
  return [...products].sort(compare);
}

/** where "Comprei" leads: the inventory's new-item dialog, filled from this monitor (or its match) */
export function boughtPath(product: ProductDto, matchId?: string): string {
  const query = new URLSearchParams({ comprei: String(product.id) });
  if (matchId) query.set("resultado", matchId);
  return `${paths.inventory}?${query}`;
}
