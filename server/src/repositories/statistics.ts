import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenses, inventoryItems, sales } from "../db/schema.js";
import { type DayWindow, dayInWindow, itemBoughtInDays, saleInDays, saleLocalTime } from "./sale-calendar.js";

/**
 * the two stretches growth compares: the last 30 days and the 30 before them as instants (all
 * time), or a period's stretch and the one before it as days on the user's calendar
 */
export type Comparison =
  | { kind: "instants"; now: Date; recentFrom: Date; previousFrom: Date }
  | { kind: "days"; current: DayWindow; previous: DayWindow };

/** a sale within the period (no condition for all time) */
const saleInWindow = (window: DayWindow | null) => (window ? saleInDays(window, sales.saleDate) : undefined);
/** an expense whose day is within the period */
const expenseInWindow = (window: DayWindow | null) =>
  window ? dayInWindow(sql`${expenses.spentOn}`, window) : undefined;
/** an item bought within the period */
const itemInWindow = (window: DayWindow | null) =>
  window ? itemBoughtInDays(window, inventoryItems.purchaseDate, inventoryItems.createdAt) : undefined;
const truthy = (condition: SQL | undefined) => condition ?? sql`true`;

/** an amount rounded to the cent as text, 0 when there is nothing to sum */
const money = (expr: ReturnType<typeof sql>) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;

/** units of the user's items (a lot of 3 counts 3), of those matching `condition` when given */
const units = (condition?: SQL) =>
  sql<number>`(coalesce(sum(${inventoryItems.quantity})${condition ? sql` filter (where ${condition})` : sql``}, 0))::int`;
/** what an item cost: (price + shipping) × its units, in numeric */
const itemCost = sql`(${inventoryItems.price} + ${inventoryItems.shippingPrice}) * ${inventoryItems.quantity}`;

/** the per-user figures of the statistics screens, aggregated in SQL numeric */
export const statisticsRepository = {
  /** the user's units (of the items bought in the window, when there is one) by status, and what they cost */
  async itemCounts(conn: Conn, userId: number, window: DayWindow | null = null) {
    const [row] = await conn
      .select({
        totalItems: units(),
        inStock: units(sql`${inventoryItems.status} = 'in_stock'`),
        sold: units(sql`${inventoryItems.status} = 'sold'`),
        pending: units(sql`${inventoryItems.status} = 'pending'`),
        inTransit: units(sql`${inventoryItems.status} in ('transit', 'in_transit')`),
        totalExpenses: money(sql`sum(${itemCost})`),
      })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.userId, userId), itemInWindow(window)));
    return row;
  },

  /**
   * revenue and profit of the user's sales in `currency` (those of the window, when there is
   * one): a sale recorded in another books currency is not added to them
   */
  async saleTotals(conn: Conn, userId: number, currency: string, window: DayWindow | null = null) {
    const [row] = await conn
      .select({
        totalRevenue: money(sql`sum(${sales.salePrice})`),
        totalProfit: money(sql`sum(${sales.profit})`),
      })
      .from(sales)
      .where(and(eq(sales.userId, userId), eq(sales.currency, currency), saleInWindow(window)));
    return row;
  },

  /**
   * sales, revenue and profit in the two stretches of the comparison, and over the window (all
   * time without one); the comparison's stretches are counted whatever the window. One pass, and
   * no sale converted to the user's zone: the days are compared as instants (`saleInDays`); with a
   * window only the sales that can fall in it or in the stretch before it are read (a bound on the
   * instants a day of any zone can cover). Only the sales in `currency` count; those of the window
   * in another currency are counted apart (`otherCurrencySales`), so the screen can say so
   */
  async salesFigures(
    conn: Conn,
    userId: number,
    currency: string,
    window: DayWindow | null,
    comparison: Comparison,
  ) {
    let inRecent: SQL;
    let inPrevious: SQL;
    let read = sql``;
    if (comparison.kind === "instants") {
      const { now, recentFrom, previousFrom } = comparison;
      inRecent = sql`sale_date > ${recentFrom} and sale_date <= ${now}`;
      inPrevious = sql`sale_date > ${previousFrom} and sale_date <= ${recentFrom}`;
    } else {
      inRecent = saleInDays(comparison.current);
      inPrevious = saleInDays(comparison.previous);
      const first = [comparison.previous.from, comparison.current.from, window?.from]
        .filter(Boolean)
        .sort()[0];
      const last = [comparison.previous.to, comparison.current.to, window?.to].filter(Boolean).sort().at(-1);
      // no zone is more than 14 h from UTC: a day's sales are within a day either side of its UTC midnight
      if (window)
        read = sql` and ${sales.saleDate} >= (${first}::date - 1)::timestamp at time zone 'UTC'
          and ${sales.saleDate} < (${last}::date + 1)::timestamp at time zone 'UTC'`;
    }
    const books = sql`same_currency`;
    const inWindow = sql`${books} and ${window ? saleInDays(window) : sql`true`}`;
    inRecent = sql`${books} and ${inRecent}`;
    inPrevious = sql`${books} and ${inPrevious}`;
    const rows = sql`(
      select ${sales.saleDate} as sale_date, ${sales.salePrice} as sale_price,
        ${sales.profit} as profit, ${itemCost} as cost, ${sales.currency} = ${currency} as same_currency
      from ${sales} left join ${inventoryItems} on ${inventoryItems.id} = ${sales.inventoryItemId}
      where ${sales.userId} = ${userId}${read}
    ) as s`;
    const [row] = await conn
      .select({
        otherCurrencySales: sql<number>`(count(*) filter (where not same_currency and ${window ? saleInDays(window) : sql`true`}))::int`,
        totalSales: sql<number>`(count(*) filter (where ${inWindow}))::int`,
        recentSales: sql<number>`(count(*) filter (where ${inRecent}))::int`,
        recentProfit: money(sql`sum(profit) filter (where ${inRecent})`),
        previousProfit: money(sql`sum(profit) filter (where ${inPrevious})`),
        totalProfit: money(sql`sum(profit) filter (where ${inWindow})`),
        totalRevenue: money(sql`sum(sale_price) filter (where ${inWindow})`),
        soldCost: money(sql`sum(cost) filter (where ${inWindow})`),
        averageMargin: sql<
          string | null
        >`round(avg(profit * 100 / nullif(sale_price, 0)) filter (where ${inWindow}), 2)::text`,
      })
      .from(rows);
    return row;
  },

  /**
   * the user's expenses over the window (all time without one) and in the same two stretches as
   * salesFigures, instants taken as days on the user's calendar (an expense has a day, not a time)
   */
  async expenseFigures(
    conn: Conn,
    userId: number,
    window: DayWindow | null,
    comparison: Comparison,
    timeZone: string,
  ) {
    let inRecent: SQL;
    let inPrevious: SQL;
    if (comparison.kind === "instants") {
      const day = (instant: Date) =>
        sql`(${instant.toISOString()}::timestamptz at time zone ${timeZone})::date`;
      const { now, recentFrom, previousFrom } = comparison;
      inRecent = sql`${expenses.spentOn} > ${day(recentFrom)} and ${expenses.spentOn} <= ${day(now)}`;
      inPrevious = sql`${expenses.spentOn} > ${day(previousFrom)} and ${expenses.spentOn} <= ${day(recentFrom)}`;
    } else {
      inRecent = dayInWindow(sql`${expenses.spentOn}`, comparison.current);
      inPrevious = dayInWindow(sql`${expenses.spentOn}`, comparison.previous);
    }
    const [row] = await conn
      .select({
        total: money(sql`sum(${expenses.amount}) filter (where ${truthy(expenseInWindow(window))})`),
        recent: money(sql`sum(${expenses.amount}) filter (where ${inRecent})`),
        previous: money(sql`sum(${expenses.amount}) filter (where ${inPrevious})`),
      })
      .from(expenses)
      .where(eq(expenses.userId, userId));
    return row;
  },

  /**
   * the calendar month ('YYYY-MM' in `timeZone`) of the user's highest profit after that month's
   * expenses, among the months with a sale in `currency` (within the window's days, when there is one), or undefined
   */
  async bestMonth(
    conn: Conn,
    userId: number,
    timeZone: string,
    currency: string,
    window: DayWindow | null = null,
  ) {
    const salesIn = window ? sql` and ${saleInWindow(window)}` : sql``;
    const expensesIn = window ? sql` and ${expenseInWindow(window)}` : sql``;
    // the month key is computed once in a subquery, so GROUP BY sees a single expression
    // sales' profit and expenses (negative) side by side, each with its month key computed once
    const monthly = sql`(
      select to_char(${saleLocalTime(timeZone, sales.saleDate)}, 'YYYY-MM') as month_key,
        ${sales.profit} as profit, 1 as sale
      from ${sales} where ${sales.userId} = ${userId} and ${sales.currency} = ${currency}${salesIn}
      union all
      select to_char(${expenses.spentOn}, 'YYYY-MM'), -${expenses.amount}, 0
      from ${expenses} where ${expenses.userId} = ${userId}${expensesIn}
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
