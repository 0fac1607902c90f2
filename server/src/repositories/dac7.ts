import { DAC7_CURRENCY } from "@common/schemas/dac7.js";
import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { platformKey, platformName, saleLocalTime } from "./sale-calendar.js";

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** a sale's calendar year in the user's zone (saleLocalTime) */
const saleYear = (timeZone: string) => sql`extract(year from ${saleLocalTime(timeZone)})::int`;

/** the DAC7 counter's reads: per platform and calendar year, the sales and their total */
export const dac7Repository = {
  /**
   * every sale counts as a transaction; the total adds only the sales recorded in euros, the
   * currency of the EU threshold (nothing is converted), and the others are counted apart
   */
  async platformsInYear(db: Conn, userId: number, timeZone: string, chosen: number) {
    const inEuros = sql`currency = ${DAC7_CURRENCY}`;
    // platforms differing only in case or spaces are one, named as first written that year; no platform, no report
    const [rows, years] = await Promise.all([
      db.execute(sql`select (array_agg(${platformName} order by sale_date, id))[1] as platform, count(*)::int as n,
          coalesce(sum(sale_price) filter (where ${inEuros}), 0)::numeric(20, 2)::text as total,
          (count(*) filter (where not ${inEuros}))::int as other
        from sales where user_id = ${userId} and coalesce(trim(platform), '') <> ''
          and ${saleYear(timeZone)} = ${chosen}
        group by ${platformKey} order by coalesce(sum(sale_price) filter (where ${inEuros}), 0) desc, 1`),
      db.execute(sql`select distinct ${saleYear(timeZone)} as y from sales
        where user_id = ${userId} and coalesce(trim(platform), '') <> ''`),
    ]);
    return {
      platforms: rowsOf(rows).map((r) => ({
        platform: String(r.platform),
        sales: Number(r.n),
        total: String(r.total),
        otherCurrencySales: Number(r.other),
      })),
      years: rowsOf(years).map((r) => Number(r.y)),
    };
  },
};
