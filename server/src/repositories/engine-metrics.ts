import type { MonitorCounts } from "@common/schemas/health.js";
import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { monitorTargets, notifications, products } from "../db/schema.js";

/** the figures /metrics reads from the database at each scrape */
export const engineMetricsRepository = {
  countNotificationsByStatus(conn: Conn) {
    return conn
      .select({ status: notifications.status, n: sql<number>`count(*)::int` })
      .from(notifications)
      .groupBy(notifications.status);
  },

  /**
   * active monitors, those whose last check failed, those that said they are blind (no successful
   * check for their window) and those whose page is missing and rests
   */
  async countActiveProducts(conn: Conn): Promise<MonitorCounts> {
    const [row] = await conn
      .select({
        active: sql<number>`count(*) filter (where ${products.isActive})::int`,
        failing: sql<number>`count(*) filter (where ${products.isActive} and ${products.failureStreak} > 0)::int`,
        blind: sql<number>`count(*) filter (where ${products.isActive} and ${products.blindSince} is not null)::int`,
        resting: sql<number>`count(*) filter (where ${products.isActive} and ${monitorTargets.notFoundSince} is not null)::int`,
      })
      .from(products)
      .leftJoin(monitorTargets, eq(monitorTargets.id, products.targetId));
    return row;
  },
};
