import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** one user's week as the weekly report sums it: sales, the best of them, restocks, failing monitors */
export const weeklyReportRepository = {
  /**
   * how many sales in [from, to) were recorded in `currency` (the books currency the report is
   * written in), their revenue and profit (decimal text), and how many were recorded in another one
   */
  async salesTotals(conn: Conn, userId: number, from: Date, to: Date, currency: string) {
    const inCurrency = sql`currency = ${currency}`;
    const [totals] = rowsOf(
      await conn.execute(sql`select (count(*) filter (where ${inCurrency}))::int as n,
        coalesce(sum(sale_price) filter (where ${inCurrency}), 0)::numeric(20, 2)::text as revenue,
        coalesce(sum(profit) filter (where ${inCurrency}), 0)::numeric(20, 2)::text as profit,
        (count(*) filter (where not ${inCurrency}))::int as other
        from sales where user_id = ${userId}
          and sale_date >= ${from.toISOString()}::timestamptz and sale_date < ${to.toISOString()}::timestamptz`),
    );
    return {
      sales: Number(totals.n),
      revenue: String(totals.revenue),
      profit: String(totals.profit),
      otherCurrencySales: Number(totals.other),
    };
  },

  /**
   * the expenses whose day is in [fromDay, toDay] (the week's local days, "YYYY-MM-DD"): an expense
   * has a day, not a time, so it counts in the week of its day, as on the Status cards
   */
  async expensesTotal(conn: Conn, userId: number, fromDay: string, toDay: string): Promise<string> {
    const [row] = rowsOf(
      await conn.execute(sql`select coalesce(sum(amount), 0)::numeric(20, 2)::text as total
        from expenses where user_id = ${userId} and spent_on >= ${fromDay}::date and spent_on <= ${toDay}::date`),
    );
    return String(row.total);
  },

  /**
   * the three most profitable sales in [from, to) recorded in `currency`; a sale without its item
   * is named `unnamed`
   */
  async bestSales(conn: Conn, userId: number, from: Date, to: Date, currency: string, unnamed: string) {
    const best = rowsOf(
      await conn.execute(sql`select coalesce(i.name, ${unnamed}) as name, s.profit::text as profit
        from sales s left join inventory_items i on i.id = s.inventory_item_id
        where s.user_id = ${userId} and s.currency = ${currency}
          and s.sale_date >= ${from.toISOString()}::timestamptz
          and s.sale_date < ${to.toISOString()}::timestamptz
        order by s.profit desc, s.id limit 3`),
    );
    return best.map((b) => ({ name: String(b.name), profit: String(b.profit) }));
  },

  /** restocks alerted between from and to; one alert queued for several destinations counts once */
  async restocksAlerted(conn: Conn, userId: number, from: Date, to: Date): Promise<number> {
    const [restocks] = rowsOf(
      await conn.execute(sql`select count(distinct (product_id, payload->>'at'))::int as n from notifications
        where user_id = ${userId} and payload->>'kind' in ('restock', 'new_sizes')
          and created_at between ${from.toISOString()}::timestamptz and ${to.toISOString()}::timestamptz`),
    );
    return Number(restocks.n);
  },

  /** the active monitors failing 3 checks or more in a row, by name (at most 20) */
  async failingMonitors(conn: Conn, userId: number): Promise<string[]> {
    const failing = rowsOf(
      await conn.execute(sql`select name from products
        where user_id = ${userId} and is_active and failure_streak >= 3 order by name limit 20`),
    );
    return failing.map((f) => String(f.name));
  },
};
