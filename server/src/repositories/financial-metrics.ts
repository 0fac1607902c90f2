import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { financialMetrics, inventoryItems, sales, users } from "../db/schema.js";

type MetricsValues = Omit<typeof financialMetrics.$inferInsert, "id">;

export const financialMetricsRepository = {
  /**
   * totals of every user's sales recorded in `currency`, summed exactly in SQL numeric (never in
   * floating point); a sale in another currency is not added to them
   */
  async saleTotals(conn: Conn, currency: string) {
    const [row] = await conn
      .select({
        revenue: sql<string>`round(coalesce(sum(${sales.salePrice}), 0), 2)::text`,
        profit: sql<string>`round(coalesce(sum(${sales.profit}), 0), 2)::text`,
        margin: sql<string>`round(coalesce(sum(${sales.profit}) * 100 / nullif(sum(${sales.salePrice}), 0), 0), 2)::text`,
        sold: sql<number>`count(*)::int`,
      })
      .from(sales)
      .where(eq(sales.currency, currency));
    return row;
  },

  async countInStock(conn: Conn): Promise<number> {
    const [row] = await conn
      .select({ inStock: sql<number>`coalesce(sum(${inventoryItems.quantity}), 0)::int` })
      .from(inventoryItems)
      .where(eq(inventoryItems.status, "in_stock"));
    return row.inStock;
  },

  /** the edited figures of row `id` with the name of the admin who saved them */
  async findWithEditor(conn: Conn, id: number) {
    const [row] = await conn
      .select({ metrics: financialMetrics, updatedByName: users.username })
      .from(financialMetrics)
      .leftJoin(users, eq(users.id, financialMetrics.updatedBy))
      .where(eq(financialMetrics.id, id))
      .limit(1);
    return row;
  },

  async save(conn: Conn, id: number, values: MetricsValues): Promise<void> {
    await conn
      .insert(financialMetrics)
      .values({ id, ...values })
      .onConflictDoUpdate({ target: financialMetrics.id, set: values });
  },
};
