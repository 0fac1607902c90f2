/**
 * The database's memory of the item ids each search monitor has seen (table search_seen).
 * Read before a search check's detection; written by the check's batch statement (store.ts) in the
 * same transaction as its alerts, so an id alerts at most once whatever restarts, retries or workers
 * come between. Pruned by age, never while a quiet search could still show the item.
 */
import type { Db } from "../db/client.js";
import { rawClient } from "../db/prepared.js";

/** an id older than this may be forgotten… */
export const SEEN_RETENTION_DAYS = 30;
/** …unless it is among a monitor's newest this many, which a quiet search may still list */
export const SEEN_KEPT_NEWEST = 500;
/** and a monitor keeps at most this many, however young (a busy search sees 96 new ids a check) */
export const SEEN_MAX_PER_MONITOR = 5_000;

/** per monitor, the ids among `ids` it has already seen (monitors sharing one search's fetch) */
export async function seenByWatcher(
  db: Db,
  productIds: readonly number[],
  ids: readonly string[],
): Promise<Map<number, Set<string>>> {
  const seen = new Map<number, Set<string>>(productIds.map((id) => [id, new Set()]));
  if (ids.length === 0 || productIds.length === 0) return seen;
  const result = await rawClient(db).query(
    "select product_id, item_id from search_seen where product_id = any($1::int[]) and item_id = any($2::text[])",
    [productIds, ids],
  );
  for (const r of result.rows) seen.get(Number(r.product_id))?.add(String(r.item_id));
  return seen;
}

/** forgets old ids (see the limits above); returns how many rows went */
export async function pruneSeen(db: Db): Promise<number> {
  const result = await rawClient(db).query(
    `delete from search_seen s using (
       select product_id, item_id, seen_at,
         row_number() over (partition by product_id order by seen_at desc, item_id desc) as rank
       from search_seen) r
     where s.product_id = r.product_id and s.item_id = r.item_id
       and (r.rank > $2 or (r.rank > $1 and r.seen_at < now() - $3 * interval '1 day'))`,
    [SEEN_KEPT_NEWEST, SEEN_MAX_PER_MONITOR, SEEN_RETENTION_DAYS],
  );
  return (result as { affectedRows?: number; rowCount?: number }).rowCount ?? 0;
}
