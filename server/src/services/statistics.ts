import { isActivityCode } from "@common/activity.js";
import type { InventoryStatistics } from "@common/schemas/inventory.js";
import type { StatusStatistics } from "@common/schemas/statistics.js";
import { calendarDate } from "@common/aggregations.js";
import { addMoney, growth, percentage, subtractMoney } from "@common/money.js";
import type { Conn } from "../db/client.js";
import { activityLogsRepository } from "../repositories/activity-logs.js";
import { statisticsRepository } from "../repositories/statistics.js";

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

/** GET /api/inventory/statistics */
export async function inventoryStatistics(db: Conn, userId: number): Promise<InventoryStatistics> {
  const [items, totals] = await Promise.all([
    statisticsRepository.itemCounts(db, userId),
    statisticsRepository.saleTotals(db, userId),
  ]);
  return { totalItems: items.totalItems, inStock: items.inStock, sold: items.sold, ...totals };
}

/** the last 30 days and the 30 before them */
function periodsEnding(now: Date) {
  return {
    now,
    recentFrom: new Date(now.getTime() - 30 * DAY_MS),
    previousFrom: new Date(now.getTime() - 60 * DAY_MS),
  };
}

async function bestMonth(db: Conn, userId: number, timeZone: string) {
  const row = await statisticsRepository.bestMonth(db, userId, timeZone);
  if (!row) return null;
  const [year, month] = row.key.split("-");
  return { month: `${month}/${year}`, profit: row.profit };
}

const RECENT_ACTIVITY = 5;

async function activitySummary(db: Conn, userId: number) {
  const [recent, total] = await Promise.all([
    activityLogsRepository.listRecentForUser(db, userId, RECENT_ACTIVITY),
    activityLogsRepository.count(db, userId),
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

/** GET /api/status/statistics */
export async function statusStatistics(
  db: Conn,
  user: { id: number; createdAt: Date },
  timeZone: string,
  now: Date = new Date(),
): Promise<StatusStatistics> {
  const periods = periodsEnding(now);
  const [items, totals, figures, spent, best, activity] = await Promise.all([
    statisticsRepository.itemCounts(db, user.id),
    statisticsRepository.saleTotals(db, user.id),
    statisticsRepository.salesFigures(db, user.id, periods),
    statisticsRepository.expenseFigures(db, user.id, periods, timeZone),
    bestMonth(db, user.id, timeZone),
    activitySummary(db, user.id),
  ]);
  // the profit after expenses, period by period (docs/decisions.md, "Despesas no lucro")
  const totalProfit = subtractMoney(figures.totalProfit, spent.total);
  return {
    timeOnServer: timeOnServer(user.createdAt, now, timeZone),
    totalExpenses: addMoney(items.totalExpenses, spent.total),
    expenses: spent.total,
    roi: percentage(totalProfit, addMoney(figures.soldCost, spent.total)),
    averageMargin: figures.averageMargin,
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
      totalRevenue: totals.totalRevenue,
      salesProfit: totals.totalProfit,
      totalProfit,
    },
    activitySummary: activity,
  };
}
