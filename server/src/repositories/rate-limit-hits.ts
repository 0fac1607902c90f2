import { lt, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { rateLimitHits } from "../db/schema.js";

export const rateLimitHitsRepository = {
  /**
   * One more hit on `key`: a new window starts at `now` when there is none or the last one is
   * over. Atomic (one upsert), so processes sharing the database share the count.
   */
  async hit(
    conn: Conn,
    key: string,
    now: Date,
    windowMs: number,
  ): Promise<{ hits: number; windowStarted: Date }> {
    const at = sql`${now.toISOString()}::timestamptz`;
    const over = sql`"rate_limit_hits"."window_started" + ${windowMs} * interval '1 millisecond' <= ${at}`;
    const [row] = await conn
      .insert(rateLimitHits)
      .values({ key, windowStarted: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          hits: sql`case when ${over} then 1 else "rate_limit_hits"."hits" + 1 end`,
          windowStarted: sql`case when ${over} then ${at} else "rate_limit_hits"."window_started" end`,
        },
      })
      .returning({ hits: rateLimitHits.hits, windowStarted: rateLimitHits.windowStarted });
    return row;
  },

  /** windows started before `before` are over for every limit in use */
  async prune(conn: Conn, before: Date): Promise<void> {
    await conn.delete(rateLimitHits).where(lt(rateLimitHits.windowStarted, before));
  },
};
