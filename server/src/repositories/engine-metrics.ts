import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { notifications, products } from "../db/schema.js";

/** the figures /metrics reads from the database at each scrape */
export const engineMetricsRepository = {
  countNotificationsByStatus(conn: Conn) {
    return conn
      .select({ status: notifications.status, n: sql<number>`count(*)::int` })
      .from(notifications)
      .groupBy(notifications.status);
  },

  async countActiveProducts(conn: Conn): Promise<{ active: number; failing: number }> {
    const [row] = await conn
      .select({
        active: sql<number>`count(*) filter (where ${products.isActive})::int`,
        failing: sql<number>`count(*) filter (where ${products.isActive} and ${products.failureStreak} > 0)::int`,
      })
      .from(products);
    return row;
  },
};
