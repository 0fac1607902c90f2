import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { hostBudgets } from "../db/schema.js";

export const hostBudgetsRepository = {
  async upsert(conn: Conn, host: string, perMinute: number, atOnce: number): Promise<void> {
    await conn
      .insert(hostBudgets)
      .values({ host, perMinute, atOnce })
      .onConflictDoUpdate({ target: hostBudgets.host, set: { perMinute, atOnce, updatedAt: sql`now()` } });
  },

  /** true when there was a row */
  async delete(conn: Conn, host: string): Promise<boolean> {
    const gone = await conn
      .delete(hostBudgets)
      .where(eq(hostBudgets.host, host))
      .returning({ host: hostBudgets.host });
    return gone.length > 0;
  },
};
