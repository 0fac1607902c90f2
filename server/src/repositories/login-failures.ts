import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { loginFailures, loginSlowdowns } from "../db/schema.js";

/** failed logins and the per-username slow-down queue; the throttle (services) holds the rules */
export const loginFailuresRepository = {
  /** one attempt, counted as a failure until it proves right; its id */
  async record(conn: Conn, usernameKey: string, ip: string, at: Date): Promise<number> {
    const [row] = await conn
      .insert(loginFailures)
      .values({ usernameKey, ip, at })
      .returning({ id: loginFailures.id });
    return row.id;
  },

  /** failures on the username since `since`: from `ip`, and from every address together */
  async counts(
    conn: Conn,
    usernameKey: string,
    ip: string,
    since: Date,
  ): Promise<{ fromAddress: number; total: number }> {
    const [row] = await conn
      .select({
        fromAddress: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
        total: count(),
      })
      .from(loginFailures)
      .where(and(eq(loginFailures.usernameKey, usernameKey), gt(loginFailures.at, since)));
    return { fromAddress: row?.fromAddress ?? 0, total: row?.total ?? 0 };
  },

  async deleteOne(conn: Conn, id: number): Promise<void> {
    await conn.delete(loginFailures).where(eq(loginFailures.id, id));
  },

  /** every failure of the username from that address */
  async deleteFromAddress(conn: Conn, usernameKey: string, ip: string): Promise<void> {
    await conn
      .delete(loginFailures)
      .where(and(eq(loginFailures.usernameKey, usernameKey), eq(loginFailures.ip, ip)));
  },

  /**
   * The moment this attempt on the username may run: `spacingMs` after the one reserved before it,
   * or after `at` when that is later; null when that moment is more than `maxWaitMs` away (the
   * queue is full). Atomic (one upsert), so processes share one queue.
   */
  async reserveTurn(
    conn: Conn,
    usernameKey: string,
    at: Date,
    spacingMs: number,
    maxWaitMs: number,
  ): Promise<Date | null> {
    const first = new Date(at.getTime() + spacingMs);
    const next = sql`greatest("login_slowdowns"."next_at", ${at.toISOString()}::timestamptz) + ${spacingMs} * interval '1 millisecond'`;
    const [row] = await conn
      .insert(loginSlowdowns)
      .values({ usernameKey, nextAt: first })
      .onConflictDoUpdate({
        target: loginSlowdowns.usernameKey,
        set: { nextAt: next },
        setWhere: sql`${next} <= ${at.toISOString()}::timestamptz + ${maxWaitMs} * interval '1 millisecond'`,
      })
      .returning({ nextAt: loginSlowdowns.nextAt });
    return row?.nextAt ?? null;
  },

  /** failures older than `before` no longer count */
  async pruneFailures(conn: Conn, before: Date): Promise<void> {
    await conn.delete(loginFailures).where(lt(loginFailures.at, before));
  },

  /** queues whose last turn came before `before` are empty */
  async pruneTurns(conn: Conn, before: Date): Promise<void> {
    await conn.delete(loginSlowdowns).where(lt(loginSlowdowns.nextAt, before));
  },
};
