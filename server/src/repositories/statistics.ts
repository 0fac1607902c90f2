import { desc, eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { inventoryItems, sales } from "../db/schema.js";

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

  /** the calendar month ('YYYY-MM' in `timeZone`) of the user's highest profit, or undefined */
  async bestMonth(conn: Conn, userId: number, timeZone: string) {
    // the month key is computed once in a subquery, so GROUP BY sees a single expression
    const monthly = conn
      .select({
        // a sale kept without a time (00:00 UTC) is in its own day's month wherever the user is
        key: sql<string>`to_char(${sales.saleDate} at time zone (case when (${sales.saleDate} at time zone 'UTC')::time = '00:00' then 'UTC' else ${timeZone} end), 'YYYY-MM')`.as(
          "month_key",
        ),
        profit: sales.profit,
      })
      .from(sales)
      .where(eq(sales.userId, userId))
      .as("monthly");
    const [row] = await conn
      .select({
        key: monthly.key,
        profit: sql<string>`round(sum(${monthly.profit}), 2)::text`,
      })
      .from(monthly)
      .groupBy(monthly.key)
      // a tie goes to the more recent month
      .orderBy(sql`sum(${monthly.profit}) desc`, desc(monthly.key))
      .limit(1);
    return row;
  },
};
