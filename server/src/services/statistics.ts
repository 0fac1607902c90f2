import type { InventoryStatistics } from "@common/schemas/inventory.js";
import type { StatusStatistics } from "@common/schemas/statistics.js";
import { calendarDate } from "@common/aggregations.js";
import { growth, percentage } from "@common/money.js";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { activityLogs, inventoryItems, sales } from "../db/schema.js";

const DAY_MS = 86_400_000;
const money = (expr: ReturnType<typeof sql>) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;

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

async function itemCounts(db: Conn, userId: number) {
  const [row] = await db
    .select({
      totalItems: sql<number>`count(*)::int`,
      inStock: sql<number>`(count(*) filter (where ${inventoryItems.status} = 'in_stock'))::int`,
      sold: sql<number>`(count(*) filter (where ${inventoryItems.status} = 'sold'))::int`,
      pending: sql<number>`(count(*) filter (where ${inventoryItems.status} = 'pending'))::int`,
      inTransit: sql<number>`(count(*) filter (where ${inventoryItems.status} in ('transit', 'in_transit')))::int`,
      totalExpenses: money(sql`sum(${inventoryItems.price} + ${inventoryItems.shippingPrice})`),
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.userId, userId));
  return row;
}

async function saleTotals(db: Conn, userId: number) {
  const [row] = await db
    .select({
      totalRevenue: money(sql`sum(${sales.salePrice})`),
      totalProfit: money(sql`sum(${sales.profit})`),
    })
    .from(sales)
    .where(eq(sales.userId, userId));
  return row;
}

/** GET /api/inventory/statistics */
export async function inventoryStatistics(db: Conn, userId: number): Promise<InventoryStatistics> {
  const [items, totals] = await Promise.all([itemCounts(db, userId), saleTotals(db, userId)]);
  return { totalItems: items.totalItems, inStock: items.inStock, sold: items.sold, ...totals };
}

async function salesFigures(db: Conn, userId: number, now: Date) {
  const recentFrom = new Date(now.getTime() - 30 * DAY_MS);
  const previousFrom = new Date(now.getTime() - 60 * DAY_MS);
  const inRecent = sql`${sales.saleDate} > ${recentFrom} and ${sales.saleDate} <= ${now}`;
  const inPrevious = sql`${sales.saleDate} > ${previousFrom} and ${sales.saleDate} <= ${recentFrom}`;
  const [row] = await db
    .select({
      totalSales: sql<number>`count(*)::int`,
      recentSales: sql<number>`(count(*) filter (where ${inRecent}))::int`,
      recentProfit: money(sql`sum(${sales.profit}) filter (where ${inRecent})`),
      previousProfit: money(sql`sum(${sales.profit}) filter (where ${inPrevious})`),
      totalProfit: money(sql`sum(${sales.profit})`),
      soldCost: money(sql`sum(${inventoryItems.price} + ${inventoryItems.shippingPrice})`),
      averageMargin: sql<
        string | null
      >`round(avg(${sales.profit} * 100 / nullif(${sales.salePrice}, 0)), 2)::text`,
    })
    .from(sales)
    .leftJoin(inventoryItems, eq(inventoryItems.id, sales.inventoryItemId))
    .where(eq(sales.userId, userId));
  return row;
}

async function bestMonth(db: Conn, userId: number, timeZone: string) {
  // the month key is computed once in a subquery, so GROUP BY sees a single expression
  const monthly = db
    .select({
      key: sql<string>`to_char(${sales.saleDate} at time zone ${timeZone}, 'YYYY-MM')`.as("month_key"),
      profit: sales.profit,
    })
    .from(sales)
    .where(eq(sales.userId, userId))
    .as("monthly");
  const [row] = await db
    .select({
      key: monthly.key,
      profit: sql<string>`round(sum(${monthly.profit}), 2)::text`,
    })
    .from(monthly)
    .groupBy(monthly.key)
    // a tie goes to the more recent month
    .orderBy(sql`sum(${monthly.profit}) desc`, desc(monthly.key))
    .limit(1);
  if (!row) return null;
  const [year, month] = row.key.split("-");
  return { month: `${month}/${year}`, profit: row.profit };
}

async function activitySummary(db: Conn, userId: number) {
  const [recent, [total]] = await Promise.all([
    db
      .select({
        id: activityLogs.id,
        action: activityLogs.action,
        type: activityLogs.type,
        message: activityLogs.message,
        createdAt: activityLogs.createdAt,
        productId: activityLogs.productId,
        productName: activityLogs.productName,
      })
      .from(activityLogs)
      .where(eq(activityLogs.userId, userId))
      .orderBy(desc(activityLogs.createdAt), desc(activityLogs.id))
      .limit(5),
    db
      .select({ n: count() })
      .from(activityLogs)
      .where(and(eq(activityLogs.userId, userId))),
  ]);
  return {
    recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    totalActivities: total.n,
  };
}

/** GET /api/status/statistics */
export async function statusStatistics(
  db: Conn,
  user: { id: number; createdAt: Date },
  timeZone: string,
  now: Date = new Date(),
): Promise<StatusStatistics> {
  const [items, totals, figures, best, activity] = await Promise.all([
    itemCounts(db, user.id),
    saleTotals(db, user.id),
    salesFigures(db, user.id, now),
    bestMonth(db, user.id, timeZone),
    activitySummary(db, user.id),
  ]);
  return {
    timeOnServer: timeOnServer(user.createdAt, now, timeZone),
    totalExpenses: items.totalExpenses,
    roi: percentage(figures.totalProfit, figures.soldCost),
    averageMargin: figures.averageMargin,
    salesPerformance: {
      recentSales: figures.recentSales,
      profitGrowth: growth(figures.recentProfit, figures.previousProfit),
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
      ...totals,
    },
    activitySummary: activity,
  };
}
