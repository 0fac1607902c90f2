import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

export const ACTIVITY_RETENTION_DAYS = 90;
/** delivered or given-up alerts are history only; the activity log keeps their outcome */
export const NOTIFICATION_RETENTION_DAYS = 30;

/** activity entries older than 90 days are pruned (and old outbox rows with them). */
export async function pruneHistory(db: Db): Promise<void> {
  await db.execute(
    sql`delete from activity_logs where created_at < now() - ${ACTIVITY_RETENTION_DAYS} * interval '1 day'`,
  );
  await db.execute(sql`delete from notifications where status in ('sent', 'failed')
    and created_at < now() - ${NOTIFICATION_RETENTION_DAYS} * interval '1 day'`);
}

/** runs now and then every few hours; the timer does not keep the process alive */
export function schedulePruning(
  db: Db,
  onError: (error: unknown) => void,
  everyMs = 6 * 3_600_000,
): () => void {
  const run = () => void pruneHistory(db).catch(onError);
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
