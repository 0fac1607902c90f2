import { sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";

/** counts stop at this many: past it the health report only says "more than" */
export const HEALTH_COUNT_CAP = 1000;

export const healthRepository = {
  /**
   * Active products due for longer than `stallMs`, and outbox rows late past `outboxLateMs`:
   * both from indexed columns (next_check_at, the pending rows' next_attempt_at).
   */
  async countOverdue(
    conn: Conn,
    bounds: { stallMs: number; outboxLateMs: number },
  ): Promise<{ overdue: number; late: number }> {
    const result = await conn.execute(sql`
      select
        (select count(*) from (select 1 from products p left join monitor_targets t on t.id = p.target_id
           where p.is_active and p.user_id not in (select id from users where disabled_at is not null)
             -- due by its target (a resting page's watchers wait for it, not for their own time);
             -- a product not placed in a target yet by its own time
             and coalesce(t.next_check_at, case when p.target_id is null then p.next_check_at end)
               < now() - ${bounds.stallMs} * interval '1 millisecond'
           limit ${sql.raw(String(HEALTH_COUNT_CAP))}) d)::int as overdue,
        (select count(*) from (select 1 from notifications where
           (status = 'pending' and next_attempt_at < now() - ${bounds.outboxLateMs} * interval '1 millisecond')
           or (status = 'sending' and lease_until < now() - ${bounds.outboxLateMs} * interval '1 millisecond')
           limit ${sql.raw(String(HEALTH_COUNT_CAP))}) l)::int as late`);
    const row = (result as unknown as { rows: { overdue: number; late: number }[] }).rows[0];
    return { overdue: Number(row?.overdue ?? 0), late: Number(row?.late ?? 0) };
  },
};
