import { TZDate } from "@date-fns/tz";
import { type ActivityDto, type ActivityFilter, matchesActivityFilter } from "@common/schemas/activity";
import { toCsv } from "@common/csv";
import type { Formatter } from "@common/format";
import { addDays, isValid, parse } from "date-fns";
import { type ActivityLine, lineEntries, lineProduct } from "@/lib/activity-lines";
import { activityText } from "@/lib/activity-text";
import { i18n } from "@/lib/i18n";

export const productLabel = lineProduct;

const ACTIONS = [
  "product_added",
  "product_deleted",
  "stock_check",
  "stock_check_failed",
  "notification_sent",
  "notification_failed",
  "notification_superseded",
] as const;
type Action = (typeof ACTIONS)[number];

/** an action's title in the language in force; an action we do not know shows as it came */
export const actionTitle = (action: string) =>
  ACTIONS.includes(action as Action) ? i18n.t(`common:activity.${action as Action}`) : action;

export type HistoryLine = ActivityLine<ActivityDto>;

/** a line matches when any of its entries does (a check whose alert failed is an error too) */
export function filterActivity(
  lines: HistoryLine[],
  filter: ActivityFilter,
  search: string,
  f?: Formatter,
): HistoryLine[] {
  const term = search.trim().toLocaleLowerCase("pt-PT");
  return lines.filter((line) => {
    const entries = lineEntries(line);
    if (!entries.some((e) => matchesActivityFilter(e, filter))) return false;
    if (!term) return true;
    const haystack = entries
      .flatMap((e) => [activityText(e, f), productLabel(e), actionTitle(e.action), e.username ?? ""])
      .join(" ")
      .toLocaleLowerCase("pt-PT");
    return haystack.includes(term);
  });
}

export interface HistoryCounters {
  total: number;
  today: number;
  notifications: number;
  errors: number;
}

/** counted in lines (events), as the list shows them */
/** "today" is the day on the user's calendar (their time zone) */
export function countActivity(lines: HistoryLine[], f: Formatter, now: Date = new Date()): HistoryCounters {
  const today = f.day(now);
  const having = (filter: ActivityFilter) =>
    lines.filter((l) => lineEntries(l).some((e) => matchesActivityFilter(e, filter))).length;
  return {
    total: lines.length,
    today: lines.filter((l) => f.day(l.entry.createdAt) === today).length,
    notifications: having("notification"),
    errors: having("error"),
  };
}

const TYPES = ["success", "error", "warning", "info"] as const;
type ActivityType = (typeof TYPES)[number];

/** an entry type's label in the language in force; a type we do not know shows as it came */
export const typeLabel = (type: string) =>
  TYPES.includes(type as ActivityType) ? i18n.t(`history:types.${type as ActivityType}`) : type;

/** the product guide (docs/product.md): columns Data, Produto, Ação, Mensagem, Tipo; file historico_{dd-MM-yyyy}.csv; one row per entry */
export function historyCsv(entries: ActivityDto[], f: Formatter): string {
  return toCsv(
    [
      i18n.t("history:csv.date"),
      i18n.t("history:csv.product"),
      i18n.t("history:csv.action"),
      i18n.t("history:csv.message"),
      i18n.t("history:csv.type"),
    ],
    entries.map((e) => [
      f.dateTimeSeconds(e.createdAt),
      productLabel(e),
      actionTitle(e.action),
      activityText(e, f),
      typeLabel(e.type),
    ]),
  );
}

/** historico_dd-MM-yyyy.csv, the day on the user's calendar */
export const historyFileName = (f: Formatter, now: Date = new Date()) =>
  `historico_${f.day(now).split("-").reverse().join("-")}.csv`;

/** History's product and date filters, as the form holds them ("" = none; days as typed, dd/mm/aaaa) */
export interface HistoryFilters {
  product: string;
  from: string;
  to: string;
}

export const NO_FILTERS: HistoryFilters = { product: "", from: "", to: "" };

/** a typing aid that works with a phone's digit keypad: "23112026" → "23/11/2026" */
export function maskDay(typed: string): string {
  const digits = typed.replace(/\D/g, "").slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join("/");
}

/** a whole dd/MM/yyyy day (years 1900–2100), as the browser's midnight of that calendar day; null when not (yet) one */
export function parseDay(value: string): Date | null {
  if (!/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return null;
  const date = parse(value, "dd/MM/yyyy", new Date());
  return isValid(date) && date.getFullYear() >= 1900 && date.getFullYear() <= 2100 ? date : null;
}

/** the errors' keys in the history catalogue */
export const RANGE_ERROR = "dates.rangeError" as const;
export const DAY_ERROR = "dates.dayError" as const;

/** a typed day that is complete but not a day, or a range that runs backwards */
export function rangeError(filters: HistoryFilters): typeof RANGE_ERROR | typeof DAY_ERROR | null {
  const complete = (v: string) => v.length === 10;
  if ((complete(filters.from) && !parseDay(filters.from)) || (complete(filters.to) && !parseDay(filters.to)))
    return DAY_ERROR;
  const from = parseDay(filters.from);
  const to = parseDay(filters.to);
  return from && to && to < from ? RANGE_ERROR : null;
}

/** the instant a calendar day starts on the user's clock (DST days included) */
function startOfDayIn(day: Date, timeZone: string): Date {
  return new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), timeZone).getTime());
}

/**
 * The query of GET /api/activity: the first day from its midnight, the last day up to the next
 * midnight, whole days on the user's clock (Settings → Utilizador's time zone, not the browser's);
 * a day still being typed, or a range in error, is left out.
 */
export function activityQuery(filters: HistoryFilters, timeZone: string): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.product) query.product = filters.product;
  if (rangeError(filters)) return query;
  const from = parseDay(filters.from);
  const to = parseDay(filters.to);
  if (from) query.from = startOfDayIn(from, timeZone).toISOString();
  if (to) query.to = startOfDayIn(addDays(to, 1), timeZone).toISOString();
  return query;
}
