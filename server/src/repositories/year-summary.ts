import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { platformKey, platformName, saleLocalTime } from "./sale-calendar.js";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const figures = sql`count(*)::int as n,
  coalesce(sum(sale_price), 0)::numeric(20, 2)::text as revenue,
  coalesce(sum(fees), 0)::numeric(20, 2)::text as fees,
  coalesce(sum(sale_price - fees - profit), 0)::numeric(20, 2)::text as cost,
  coalesce(sum(profit), 0)::numeric(20, 2)::text as profit`;

export interface FigureRow {
  sales: number;
  revenue: string;
  fees: string;
  cost: string;
  salesProfit: string;
}

const toFigures = (r: Record<string, unknown>): FigureRow => ({
  sales: Number(r.n),
  revenue: String(r.revenue),
  fees: String(r.fees),
  cost: String(r.cost),
  salesProfit: String(r.profit),
});

/** the yearly summary's reads: sums in SQL on numeric, exact to the cent */
export const yearSummaryRepository = {
  /**
   * the year's sales recorded in `currency` (the books currency of today), how many of the year's
   * sales are in another one, and the year's expenses
   */
  async read(db: Conn, userId: number, timeZone: string, currency: string, year: number) {
    const local = saleLocalTime(timeZone);
    const yearOf = sql`user_id = ${userId} and extract(year from ${local})::int = ${year}`;
    const inYear = sql`${yearOf} and currency = ${currency}`;
    // platforms differing only in case or spaces are one, named as first written that year
    const [months, expenses, platforms, years, other] = await Promise.all([
      db.execute(sql`select extract(month from ${local})::int as m, ${figures}
        from sales where ${inYear} group by 1`),
      db.execute(sql`select extract(month from spent_on)::int as m, sum(amount)::numeric(20, 2)::text as total
        from expenses where user_id = ${userId}
          and spent_on >= make_date(${year}, 1, 1) and spent_on < make_date(${year} + 1, 1, 1)
        group by 1`),
      db.execute(sql`select (array_agg(${platformName} order by sale_date, id))[1] as platform,
          ${figures}
        from sales where ${inYear} group by ${platformKey} order by sum(sale_price) desc, 1`),
      db.execute(sql`select extract(year from ${local})::int as y from sales where user_id = ${userId}
        union select extract(year from spent_on)::int from expenses where user_id = ${userId}`),
      db.execute(sql`select count(*)::int as n from sales where ${yearOf} and currency <> ${currency}`),
    ]);
    return {
      months: new Map(rowsOf(months).map((r) => [Number(r.m), toFigures(r)])),
      expenses: new Map(rowsOf(expenses).map((r) => [Number(r.m), String(r.total)])),
      platforms: rowsOf(platforms).map((r) => ({ platform: String(r.platform), ...toFigures(r) })),
      years: rowsOf(years).map((r) => Number(r.y)),
      otherCurrencySales: Number(rowsOf(other)[0]?.n ?? 0),
    };
  },
};
