import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenses, inventoryItems, sales } from "../db/schema.js";
import { type DayWindow, dayInWindow, itemBoughtInDays, saleInDays } from "./sale-calendar.js";

/**
 * the two stretches growth compares: the last 30 days and the 30 before them as instants (all
 * time), or a period's stretch and the one before it as days on the user's calendar
 */
export type Comparison =
  | { kind: "instants"; now: Date; recentFrom: Date; previousFrom: Date }
  | { kind: "days"; current: DayWindow; previous: DayWindow };

/** a sale within the period (no condition for all time); whether it has a time is kept on the sale */
const saleInWindow = (window: DayWindow | null) =>
  window ? saleInDays(window, sales.saleDate, sql`${sales.dayOnly}`) : undefined;
/** an expense whose day is within the period */
const expenseInWindow = (window: DayWindow | null) =>
  window ? dayInWindow(sql`${expenses.spentOn}`, window) : undefined;
/** an item bought within the period */
const itemInWindow = (window: DayWindow | null) =>
  window ? itemBoughtInDays(window, inventoryItems.purchaseDate, inventoryItems.createdAt) : undefined;
const truthy = (condition: SQL | undefined) => condition ?? sql`true`;

/** an amount rounded to the cent as text, 0 when there is nothing to sum */
const money = (expr: ReturnType<typeof sql>) => sql<string>`round(coalesce(${expr}, 0), 2)::text`;

/**
 * the instants a stretch of days can cover in any zone: no zone is more than 14 h from UTC, so a
 * day's instants are within a day either side of its UTC midnight
 */
const aroundDays = (days: { from: string; to: string }) => ({
  from: sql`(${days.from}::date - 1)::timestamp at time zone 'UTC'`,
  to: sql`(${days.to}::date + 1)::timestamp at time zone 'UTC'`,
});

/** the per-user figures of the statistics screens, aggregated in SQL numeric */
export const statisticsRepository = {
  /** the user's units (of the items bought in the window, when there is one) by status, and what they cost */
  async itemCounts(conn: Conn, userId: number, window: DayWindow | null = null) {
    // a bought day is within a day of its UTC midnight in any zone: the index on the instant the
    // day is taken from narrows a period's read to about its own items
    const read = window
      ? sql` and coalesce(${inventoryItems.purchaseDate}, ${inventoryItems.createdAt}) >= ${aroundDays(window).from}
          and coalesce(${inventoryItems.purchaseDate}, ${inventoryItems.createdAt}) < ${aroundDays(window).to}
          and ${itemInWindow(window)}`
      : sql``;
    // items of one status and lot size are summed together first: what they cost is then
    // (Σ price + Σ shipping) × units, one product per group instead of one per item (still exact)
    const groups = sql`(
      select ${inventoryItems.status} as status, ${inventoryItems.quantity} as quantity, count(*) as items,
        sum(${inventoryItems.price}) as price, sum(${inventoryItems.shippingPrice}) as shipping
      from ${inventoryItems}
      where ${inventoryItems.userId} = ${userId}${read}
      group by 1, 2
    ) as g`;
    const units = (condition?: SQL) =>
      sql<number>`(coalesce(sum(quantity * items)${condition ? sql` filter (where ${condition})` : sql``}, 0))::int`;
    const [row] = await conn
      .select({
        totalItems: units(),
        inStock: units(sql`status = 'in_stock'`),
        sold: units(sql`status = 'sold'`),
        pending: units(sql`status = 'pending'`),
        inTransit: units(sql`status in ('transit', 'in_transit')`),
        totalExpenses: money(sql`sum((price + shipping) * quantity)`),
      })
      .from(groups);
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
   * in another currency are counted apart (`otherCurrencySales`), so the screen can say so. What
   * the window's sales cost (`soldCost`) is the sum of the cost each sale keeps (migration 0141),
   * so no item is read; each sale's margin and whether it has a time are kept on it too (0144)
   */
  async salesFigures(
    conn: Conn,
    userId: number,
    currency: string,
    window: DayWindow | null,
    comparison: Comparison,
  ) {
    const isDayOnly = sql`day_only`;
    let inRecent: SQL;
    let inPrevious: SQL;
    let read = sql``;
    if (comparison.kind === "instants") {
      const { now, recentFrom, previousFrom } = comparison;
      inRecent = sql`sale_date > ${recentFrom} and sale_date <= ${now}`;
      inPrevious = sql`sale_date > ${previousFrom} and sale_date <= ${recentFrom}`;
    } else {
      inRecent = saleInDays(comparison.current, sql`sale_date`, isDayOnly);
      inPrevious = saleInDays(comparison.previous, sql`sale_date`, isDayOnly);
      const first = [comparison.previous.from, comparison.current.from, window?.from]
        .filter(Boolean)
        .sort()[0] as string;
      const last = [comparison.previous.to, comparison.current.to, window?.to]
        .filter(Boolean)
        .sort()
        .at(-1) as string;
      const around = aroundDays({ from: first, to: last });
      if (window) read = sql` and ${sales.saleDate} >= ${around.from} and ${sales.saleDate} < ${around.to}`;
    }
    // each sale's stretches are decided once, in a subquery the planner keeps apart ("offset 0"),
    // not again in each aggregate that filters on them
    const rows = sql`(
      select sale_price, profit, sold_cost, margin, same_currency,
        ${window ? saleInDays(window, sql`sale_date`, isDayOnly) : sql`true`} as in_window,
        ${inRecent} as in_recent, ${inPrevious} as in_previous
      from (
        select ${sales.saleDate} as sale_date, ${sales.salePrice} as sale_price,
          ${sales.profit} as profit, ${sales.soldCost} as sold_cost, ${sales.margin} as margin,
          ${sales.currency} = ${currency} as same_currency, ${sales.dayOnly} as day_only
        from ${sales}
        where ${sales.userId} = ${userId}${read}
        offset 0
      ) as r
      offset 0
    ) as s`;
    const inWindow = sql`same_currency and in_window`;
    const recent = sql`same_currency and in_recent`;
    const previous = sql`same_currency and in_previous`;
    const [row] = await conn
      .select({
        otherCurrencySales: sql<number>`(count(*) filter (where not same_currency and in_window))::int`,
        totalSales: sql<number>`(count(*) filter (where ${inWindow}))::int`,
        recentSales: sql<number>`(count(*) filter (where ${recent}))::int`,
        recentProfit: money(sql`sum(profit) filter (where ${recent})`),
        previousProfit: money(sql`sum(profit) filter (where ${previous})`),
        totalProfit: money(sql`sum(profit) filter (where ${inWindow})`),
        totalRevenue: money(sql`sum(sale_price) filter (where ${inWindow})`),
        soldCost: money(sql`sum(sold_cost) filter (where ${inWindow})`),
        averageMargin: sql<string | null>`round(avg(margin) filter (where ${inWindow}), 2)::text`,
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
    const around = window && aroundDays(window);
    const salesIn = around
      ? sql` and ${sales.saleDate} >= ${around.from} and ${sales.saleDate} < ${around.to} and ${saleInWindow(window)}`
      : sql``;
    const expensesIn = window ? sql` and ${expenseInWindow(window)}` : sql``;
    const own = sql`${sales.userId} = ${userId} and ${sales.currency} = ${currency}${salesIn}`;
    // No sale is converted to the user's zone: the months the sales span (a day either side, for
    // any zone) are listed once with the instant each begins, in the zone and in UTC (for a sale
    // kept without a time), and each sale falls in one by a binary search of those instants
    // (width_bucket). A month beginning in an hour the clocks repeat begins at its first occurrence.
    const months = sql`months as (
      select array_agg(month order by month) as local,
        array_agg(case when earlier at time zone ${timeZone} >= month then earlier else zoned end order by month)
          as zoned,
        array_agg(month at time zone 'UTC' order by month) as utc
      from (
        select month, month at time zone ${timeZone} as zoned,
          month at time zone ${timeZone} - interval '1 hour' as earlier
        from generate_series(
          (select date_trunc('month', min(${sales.saleDate}) at time zone 'UTC' - interval '1 day') from ${sales} where ${own}),
          (select date_trunc('month', max(${sales.saleDate}) at time zone 'UTC' + interval '1 day') from ${sales} where ${own}),
          interval '1 month') as month
      ) as starts
    )`;
    const bySale = sql`(
      select width_bucket(${sales.saleDate}, case when ${sales.dayOnly} then months.utc else months.zoned end)
          as month, sum(${sales.profit}) as profit, count(*) as sales
      from ${sales}, months where ${own}
      group by 1
    ) as by_sale`;
    // each month's sales' profit and expenses (negative) side by side, keyed 'YYYY-MM'
    const monthly = sql`(
      with ${months}
      select to_char(months.local[by_sale.month], 'YYYY-MM') as month_key, profit, sales
      from ${bySale}, months
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
      .having(sql`sum(sales) > 0`)
      // a tie goes to the more recent month
      .orderBy(sql`sum(profit) desc`, sql`month_key desc`)
      .limit(1);
    return row;
  },
};
