import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { prunePriceHistory } from "../services/price-history.js";
import { trimActivityToQuota } from "../services/quotas.js";
import { pruneSeen } from "./search-seen.js";
import { deleteOrphanTargets } from "./store.js";

export const ACTIVITY_RETENTION_DAYS = 90;
/** delivered or given-up alerts are history only; the activity log keeps their outcome */
export const NOTIFICATION_RETENTION_DAYS = 30;

/**
 * activity entries older than 90 days, or beyond each user's quotaActivityRows newest, are pruned
 * (and old outbox rows, search ids, price history beyond its bounds and unwatched targets with them).
 */
export async function pruneHistory(db: Db): Promise<void> {
  await db.execute(
    sql`delete from activity_logs where created_at < now() - ${ACTIVITY_RETENTION_DAYS} * interval '1 day'`,
  );
  await db.execute(sql`delete from notifications where status in ('sent', 'failed', 'superseded')
    and created_at < now() - ${NOTIFICATION_RETENTION_DAYS} * interval '1 day'`);
  await trimActivityToQuota(db);
  await pruneSeen(db);
  await prunePriceHistory(db);
  await deleteOrphanTargets(db);
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
