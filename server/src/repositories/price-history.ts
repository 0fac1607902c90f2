import type { PricePoint, PriceSummary } from "@common/schemas/price-history.js";
import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;
const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
/** numeric comes back as "45.90" from both databases; the API's money text has no trailing zeros rule */
const money = (v: unknown) => String(v);

export const priceHistoryRepository = {
  async record(conn: Conn, productId: number, price: string, currency: string): Promise<void> {
    await conn.execute(
      sql`insert into price_history (product_id, price, currency) values (${productId}, ${price}, ${currency})`,
    );
  },

  /** a product's price points, oldest first */
  async listForProduct(conn: Conn, productId: number): Promise<PricePoint[]> {
    const result = await conn.execute(sql`
      select price, currency, recorded_at from price_history where product_id = ${productId}
      order by recorded_at, id`);
    return rowsOf(result).map((r) => ({
      price: money(r.price),
      currency: String(r.currency),
      at: iso(r.recorded_at),
    }));
  },

  /**
   * per product of the user, the card's line: the newest two points and the lowest price in the
   * newest point's currency (the history is bounded, so this reads at most 500 rows a product)
   */
  async summariesForUser(conn: Conn, userId: number): Promise<Map<number, PriceSummary>> {
    const result = await conn.execute(sql`
      with ranked as (
        select h.product_id, h.price, h.currency, h.recorded_at,
          row_number() over (partition by h.product_id order by h.recorded_at desc, h.id desc) as n
        from price_history h join products p on p.id = h.product_id
        where p.user_id = ${userId}
      )
      select c.product_id, c.price as current, c.currency, c.recorded_at,
        (select r.price from ranked r where r.product_id = c.product_id and r.n = 2
          and r.currency = c.currency) as previous,
        (select min(r.price) from ranked r where r.product_id = c.product_id
          and r.currency = c.currency) as low
      from ranked c where c.n = 1`);
    const summaries = new Map<number, PriceSummary>();
    for (const r of rowsOf(result)) {
      summaries.set(Number(r.product_id), {
        current: money(r.current),
        previous: r.previous === null || r.previous === undefined ? null : money(r.previous),
        low: money(r.low),
        currency: String(r.currency),
        changedAt: iso(r.recorded_at),
      });
    }
    return summaries;
  },

  /**
   * forgets points older than `days` and beyond each product's newest `keep`, never a product's
   * newest (the price it shows); returns how many went
   */
  async prune(conn: Conn, days: number, keep: number): Promise<number> {
    const result = await conn.execute(sql`
      delete from price_history h using (
        select id, row_number() over (partition by product_id order by recorded_at desc, id desc) as n
        from price_history) r
      where h.id = r.id and (r.n > ${keep} or (r.n > 1 and h.recorded_at < now() - ${days} * interval '1 day'))`);
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? 0;
  },
};
