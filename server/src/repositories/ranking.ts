import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenses, inventoryItems, sales, users } from "../db/schema.js";

export const rankingRepository = {
  /**
   * users with at least one sale, by total profit after their expenses, then revenue, then
   * username. Sums and ratios in SQL on numeric, so every figure is exact to the cent.
   */
  listSellers(conn: Conn) {
    // one index range (expenses_user_day_idx) per seller
    const spent = sql`coalesce((select sum(${expenses.amount}) from ${expenses} where ${expenses.userId} = ${users.id}), 0)`;
    const profit = sql`(sum(${sales.profit}) - ${spent})`;
    const revenue = sql`sum(${sales.salePrice})`;
    return conn
      .select({
        id: users.id,
        username: users.username,
        fullName: users.fullName,
        avatar: users.avatar,
        totalRevenue: sql<string>`round(${revenue}, 2)::text`,
        totalProfit: sql<string>`round(${profit}, 2)::text`,
        profitMargin: sql<string | null>`round(${profit} * 100 / nullif(${revenue}, 0), 2)::text`,
        soldItems: sql<number>`count(${sales.id})::int`,
        totalItems: sql<number>`(select count(*) from ${inventoryItems} where ${inventoryItems.userId} = ${users.id})::int`,
        averageProfit: sql<string>`round(${profit} / count(${sales.id}), 2)::text`,
      })
      .from(users)
      .innerJoin(sales, eq(sales.userId, users.id))
      .groupBy(users.id)
      .orderBy(sql`${profit} desc`, sql`${revenue} desc`, users.username);
  },
};
