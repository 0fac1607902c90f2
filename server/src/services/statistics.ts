import { isActivityCode } from "@common/activity.js";
import type { InventoryStatistics } from "@common/schemas/inventory.js";
import { type Period, type PeriodWindow, periodWindow } from "@common/schemas/period.js";
import type { StatusStatistics } from "@common/schemas/statistics.js";
import { calendarDate } from "@common/aggregations.js";
import { addMoney, growth, percentage, subtractMoney } from "@common/money.js";
import type { Conn } from "../db/client.js";
import { activityLogsRepository } from "../repositories/activity-logs.js";
import type { DayWindow } from "../repositories/sale-calendar.js";
import { type Comparison, statisticsRepository } from "../repositories/statistics.js";
import { dayWindow } from "./period.js";
import { getUserSettings } from "./settings.js";

const DAY_MS = 86_400_000;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Whole months and remaining days from `since` to `now` on the user's calendar. A month from the
 * 31st ends on the last day of a shorter month (31 Jan + 1 month = 28/29 Feb).
 */
export function timeOnServer(since: Date, now: Date, timeZone: string): { months: number; days: number } {
  const from = calendarDate(since, timeZone);
  const to = calendarDate(now, timeZone);
  const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / DAY_MS;
  const addMonths = (n: number) => {
    const total = from.year * 12 + (from.month - 1) + n;
    const year = Math.floor(total / 12);
    const month = (total % 12) + 1;
    return dayNumber(year, month, Math.min(from.day, daysInMonth(year, month)));
  };
  const today = dayNumber(to.year, to.month, to.day);
  if (today <= dayNumber(from.year, from.month, from.day)) return { months: 0, days: 0 };
  let months = (to.year - from.year) * 12 + (to.month - from.month);
  while (months > 0 && addMonths(months) > today) months--;
  return { months, days: today - addMonths(months) };
}

/** GET /api/inventory/statistics: the items bought in the period and the period's sales */
export async function inventoryStatistics(
  db: Conn,
  userId: number,
  window: DayWindow | null = null,
): Promise<InventoryStatistics> {
  const { currency } = await getUserSettings(db, userId);
  const [items, totals] = await Promise.all([
    statisticsRepository.itemCounts(db, userId, window),
    statisticsRepository.saleTotals(db, userId, currency, window),
  ]);
  return { totalItems: items.totalItems, inStock: items.inStock, sold: items.sold, ...totals };
}

/**
 * what "recent sales" and growth compare: for all time the last 30 days and the 30 before them;
 * for a period its stretch up to today and the same stretch before it (docs/decisions.md, "O
 * período dos livros")
 */
function comparisonOf(window: PeriodWindow | null, now: Date): Comparison {
  if (!window) {
    return {
      kind: "instants",
      now,
      recentFrom: new Date(now.getTime() - 30 * DAY_MS),
      previousFrom: new Date(now.getTime() - 60 * DAY_MS),
    };
  }
  const { current, previous } = window.comparison;
  const { timeZone } = window;
  return {
    kind: "days",
    current: { from: current.from, to: current.to, timeZone },
    previous: { from: previous.from, to: previous.to, timeZone },
  };
}

async function bestMonth(
  db: Conn,
  userId: number,
  timeZone: string,
  currency: string,
  window: DayWindow | null,
) {
  const row = await statisticsRepository.bestMonth(db, userId, timeZone, currency, window);
  if (!row) return null;
  const [year, month] = row.key.split("-");
  return { month: `${month}/${year}`, profit: row.profit };
}

const RECENT_ACTIVITY = 5;

async function activitySummary(db: Conn, userId: number, span?: { start: Date; end: Date }) {
  const [recent, total] = await Promise.all([
    activityLogsRepository.listRecentForUser(db, userId, RECENT_ACTIVITY, span),
    activityLogsRepository.count(db, userId, span),
  ]);
  return {
    recent: recent.map((r) => ({
      ...r,
      code: isActivityCode(r.code) ? r.code : ("legacy" as const),
      createdAt: r.createdAt.toISOString(),
    })),
    totalActivities: total,
  };
}

/**
 * GET /api/status/statistics: every figure but the time on the server follows the period; the
 * sales' figures add only the sales recorded in the user's books currency of today
 */
export async function statusStatistics(
  db: Conn,
  user: { id: number; createdAt: Date },
  { timezone: timeZone, currency }: { timezone: string; currency: string },
  period: Period = { period: "all" },
  now: Date = new Date(),
): Promise<StatusStatistics> {
  const window = periodWindow(period, timeZone, now);
  const days = dayWindow(window);
  const comparison = comparisonOf(window, now);
  // the period's revenue and what its sold items cost (kept on each sale) come with its other sale
  // figures: one read of the sales, and no item read for them
  const [items, figures, spent, best, activity] = await Promise.all([
    statisticsRepository.itemCounts(db, user.id, days),
    statisticsRepository.salesFigures(db, user.id, currency, days, comparison),
    statisticsRepository.expenseFigures(db, user.id, days, comparison, timeZone),
    bestMonth(db, user.id, timeZone, currency, days),
    activitySummary(db, user.id, window ?? undefined),
  ]);
  // the profit after expenses, period by period (docs/decisions.md, "Despesas no lucro")
  const totalProfit = subtractMoney(figures.totalProfit, spent.total);
  return {
    timeOnServer: timeOnServer(user.createdAt, now, timeZone),
    totalExpenses: addMoney(items.totalExpenses, spent.total),
    expenses: spent.total,
    roi: percentage(totalProfit, addMoney(figures.soldCost, spent.total)),
    averageMargin: figures.averageMargin,
    otherCurrencySales: figures.otherCurrencySales,
    salesPerformance: {
      recentSales: figures.recentSales,
      profitGrowth: growth(
        subtractMoney(figures.recentProfit, spent.recent),
        subtractMoney(figures.previousProfit, spent.previous),
      ),
      bestMonth: best?.month ?? null,
      bestMonthProfit: best?.profit ?? null,
      totalSales: figures.totalSales,
    },
    inventoryStatus: {
      totalItems: items.totalItems,
      inStock: items.inStock,
      sold: items.sold,
      pending: items.pending,
      inTransit: items.inTransit,
      totalRevenue: figures.totalRevenue,
      salesProfit: figures.totalProfit,
      totalProfit,
    },
    activitySummary: activity,
  };
}
