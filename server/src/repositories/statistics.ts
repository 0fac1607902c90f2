import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenses, inventoryItems, sales } from "../db/schema.js";
import { saleLocalTime } from "./sale-calendar.js";

/** an amount rounded to the cent as text, 0 when there is nothing to sum */
const money = (expr: ReturnType<typeof sql>) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;

/** the per-user figures of the statistics screens, aggregated in SQL numeric */
export const statisticsRepository = {
  async itemCounts(conn: Conn, userId: number) {
    const [row] = await conn
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
  },

  async saleTotals(conn: Conn, userId: number) {
    const [row] = await conn
      .select({
        totalRevenue: money(sql`sum(${sales.salePrice})`),
        totalProfit: money(sql`sum(${sales.profit})`),
      })
      .from(sales)
      .where(eq(sales.userId, userId));
    return row;
  },

  /** sales and profit in (recentFrom, now] and (previousFrom, recentFrom], and over all time */
  async salesFigures(
    conn: Conn,
    userId: number,
    periods: { now: Date; recentFrom: Date; previousFrom: Date },
  ) {
    const { now, recentFrom, previousFrom } = periods;
    const inRecent = sql`${sales.saleDate} > ${recentFrom} and ${sales.saleDate} <= ${now}`;
    const inPrevious = sql`${sales.saleDate} > ${previousFrom} and ${sales.saleDate} <= ${recentFrom}`;
    const [row] = await conn
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
  },

  /**
   * the user's expenses over all time and in the same two windows as salesFigures, the windows'
   * ends taken as days on the user's calendar (an expense has a day, not a time)
   */
  async expenseFigures(
    conn: Conn,
    userId: number,
    periods: { now: Date; recentFrom: Date; previousFrom: Date },
    timeZone: string,
  ) {
    const day = (instant: Date) =>
      sql`(${instant.toISOString()}::timestamptz at time zone ${timeZone})::date`;
    const { now, recentFrom, previousFrom } = periods;
    const inRecent = sql`${expenses.spentOn} > ${day(recentFrom)} and ${expenses.spentOn} <= ${day(now)}`;
    const inPrevious = sql`${expenses.spentOn} > ${day(previousFrom)} and ${expenses.spentOn} <= ${day(recentFrom)}`;
    const [row] = await conn
      .select({
        total: money(sql`sum(${expenses.amount})`),
        recent: money(sql`sum(${expenses.amount}) filter (where ${inRecent})`),
        previous: money(sql`sum(${expenses.amount}) filter (where ${inPrevious})`),
      })
      .from(expenses)
      .where(eq(expenses.userId, userId));
    return row;
  },

  /**
   * the calendar month ('YYYY-MM' in `timeZone`) of the user's highest profit after that month's
   * expenses, among the months with a sale, or undefined
   */
  async bestMonth(conn: Conn, userId: number, timeZone: string) {
    // the month key is computed once in a subquery, so GROUP BY sees a single expression
    // sales' profit and expenses (negative) side by side, each with its month key computed once
    const monthly = sql`(
      select to_char(${saleLocalTime(timeZone, sales.saleDate)}, 'YYYY-MM') as month_key,
        ${sales.profit} as profit, 1 as sale
      from ${sales} where ${sales.userId} = ${userId}
      union all
      select to_char(${expenses.spentOn}, 'YYYY-MM'), -${expenses.amount}, 0
      from ${expenses} where ${expenses.userId} = ${userId}
    ) as monthly`;
    const [row] = await conn
      .select({
        key: sql<string>`month_key`,
        profit: sql<string>`round(sum(profit), 2)::text`,
      })
      .from(monthly)
      .groupBy(sql`month_key`)
      .having(sql`sum(sale) > 0`)
      // a tie goes to the more recent month
      .orderBy(sql`sum(profit) desc`, sql`month_key desc`)
      .limit(1);
    return row;
  },
};
