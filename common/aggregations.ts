/**
 * Pure aggregations behind the Status charts (profit by month, profit by sale platform). Amounts
 * are summed in integer cents, so the bars add up to the totals shown beside them.
 */
import { isDateOnly } from "./format.js";
import { centsToDecimal, toCents } from "./money.js";

export interface SaleFigures {
  saleDate: string;
  profit: string;
  salePrice: string;
  platform: string | null;
}

export interface MonthProfit {
  /** "2026-03" */
  key: string;
  /** "mar/26" */
  label: string;
  profit: string;
  sales: number;
}

export interface PlatformProfit {
  platform: string;
  profit: string;
  revenue: string;
  sales: number;
}

export const NO_PLATFORM = "Sem plataforma";
const MONTH_ABBREVIATIONS = [
  "jan",
  "fev",
  "mar",
  "abr",
  "mai",
  "jun",
  "jul",
  "ago",
  "set",
  "out",
  "nov",
  "dez",
];

/** {year, month, day} of an instant as the calendar of `timeZone` shows it */
export function calendarDate(instant: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

const monthKey = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}`;

/** an expense as the charts need it: its day ("2026-03-14") and amount (decimal text) */
export interface ExpenseFigures {
  spentOn: string;
  amount: string;
}

/**
 * the last `count` months up to the one holding `now`, oldest first, each with its profit (0 when
 * none) after the expenses of that month: an expense counts in the month of its day, the same rule
 * as the Status cards and the best month (docs/decisions.md, "Despesas no lucro")
 */
export function profitByMonth(
  sales: readonly SaleFigures[],
  now: Date,
  timeZone = "Europe/Lisbon",
  count = 12,
  expenses: readonly ExpenseFigures[] = [],
): MonthProfit[] {
  const today = calendarDate(now, timeZone);
  const months = new Map<string, { label: string; cents: bigint; sales: number }>();
  for (let back = count - 1; back >= 0; back--) {
    const index = today.year * 12 + (today.month - 1) - back;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const label = `${MONTH_ABBREVIATIONS[month - 1]}/${String(year).slice(-2)}`;
    months.set(monthKey(year, month), { label, cents: 0n, sales: 0 });
  }
  for (const sale of sales) {
    const date = new Date(sale.saleDate);
    if (Number.isNaN(date.getTime())) continue;
    // a sale kept without a time (00:00 UTC) is in its own day's month wherever the user is
    const local = calendarDate(date, isDateOnly(sale.saleDate) ? "UTC" : timeZone);
    const bucket = months.get(monthKey(local.year, local.month));
    if (!bucket) continue;
    bucket.cents += toCents(sale.profit);
    bucket.sales += 1;
  }
  for (const expense of expenses) {
    // an expense has a day, not a time: its month is the day's own ("2026-03-14" → "2026-03")
    const bucket = months.get(expense.spentOn.slice(0, 7));
    if (bucket) bucket.cents -= toCents(expense.amount);
  }
  return [...months].map(([key, m]) => ({
    key,
    label: m.label,
    profit: centsToDecimal(m.cents),
    sales: m.sales,
  }));
}

/** a sale's platform as the books name it: spaces tidied, none is NO_PLATFORM */
export const salePlatformName = (sale: { platform: string | null }) =>
  sale.platform?.trim().replace(/\s+/g, " ") || NO_PLATFORM;

/** platforms differing only in case are one */
export const platformKey = (name: string) => name.toLocaleLowerCase("pt-PT");

/** profit per sale platform, best first; platforms differing only in case or spaces are one */
export function profitByPlatform(sales: readonly SaleFigures[]): PlatformProfit[] {
  const groups = new Map<string, { platform: string; profit: bigint; revenue: bigint; sales: number }>();
  for (const sale of sales) {
    const name = salePlatformName(sale);
    const key = platformKey(name);
    const group = groups.get(key) ?? { platform: name, profit: 0n, revenue: 0n, sales: 0 };
    group.profit += toCents(sale.profit);
    group.revenue += toCents(sale.salePrice);
    group.sales += 1;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) =>
      a.profit === b.profit ? a.platform.localeCompare(b.platform, "pt-PT") : a.profit > b.profit ? -1 : 1,
    )
    .map((g) => ({
      platform: g.platform,
      profit: centsToDecimal(g.profit),
      revenue: centsToDecimal(g.revenue),
      sales: g.sales,
    }));
}
