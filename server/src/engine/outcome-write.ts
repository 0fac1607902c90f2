import { checkLogOf } from "./check-runner.js";
import { buildCheckDetail } from "./check-detail.js";
import type { Detection } from "./detect.js";
import { type CheckFailure, type CheckResult, HostPaused } from "./platforms/types.js";
import type { CheckWrite, LeasedProduct } from "./store.js";

/** what one check's detection writes to its product's row (the batch statement's shape) */
export function outcomeWrite(
  product: LeasedProduct,
  outcome: CheckResult | CheckFailure,
  detection: Detection,
  at: number,
  startedAt = at,
): CheckWrite {
  const u = detection.update;
  const write: CheckWrite = {
    id: product.id,
    target: product.targetId,
    next: nextDueMs(product.dueAt.getTime(), product.checkInterval, startedAt, at),
    ok: u.checked,
    streak: u.failureStreak,
    err: u.lastError,
    at,
  };
  // a check the host's back-off kept from being sent: the card says so, and until when
  if (outcome instanceof HostPaused) write.pause = outcome.until;
  if (!detection.needsTransaction) return write;
  const changes: NonNullable<CheckWrite["changes"]> = {};
  if (u.status !== undefined) changes.status = u.status;
  if (u.availableSizes !== undefined) changes.sizes = JSON.stringify(u.availableSizes);
  if (u.lastNotifiedStatus !== undefined) changes.notifiedStatus = u.lastNotifiedStatus;
  if (u.lastNotifiedSizes !== undefined) changes.notifiedSizes = JSON.stringify(u.lastNotifiedSizes);
  if (u.price !== undefined) changes.price = u.price;
  if (u.currency !== undefined) changes.currency = u.currency;
  if (u.imageUrl !== undefined) changes.image = u.imageUrl;
  if (u.engineState !== undefined) changes.state = u.engineState;
  if (u.blindSince !== undefined) changes.blind = u.blindSince.getTime();
  if (u.seenIds !== undefined) changes.seen = u.seenIds;
  if (u.newMatches !== undefined) changes.matches = u.newMatches;
  // the product became available again (the restock alert's rule, whether or not alerts go out)
  if (detection.alerts.some((a) => a.kind === "restock")) changes.restock = true;
  // the first failure of a streak keeps what it read, so the card's failure box can show it; so
  // does a change the browser route read, so the detail says it came "via browser"
  const keepsDetail = !("kind" in outcome) || (outcome.kind === "product" && outcome.route === "browser");
  const log = keepsDetail ? checkLogOf(outcome) : undefined;
  if (log) changes.detail = buildCheckDetail(outcome, log, "engine", at);
  write.changes = changes;
  return write;
}

/** a check started later than this after its due time (a quarter of short intervals) was late */
export const LATE_START_MS = 250;

/**
 * The next due time (epoch ms): previous due + interval, so a check on time keeps its phase and
 * schedules do not drift. A check that started late counts its interval from its start instead:
 * otherwise every product caught in one backlog (a restart, a busy minute) stays due at the same
 * moment round after round, and the lag it caused never goes away. Never before the check ended.
 */
export function nextDueMs(dueAt: number, intervalMs: number, startedAt: number, now: number): number {
  const late = startedAt - dueAt > Math.min(LATE_START_MS, intervalMs / 4);
  return Math.max((late ? startedAt : dueAt) + intervalMs, now);
}

/** the same with dates */
export function nextDue(dueAt: Date, intervalMs: number, startedAt: Date, now: Date): Date {
  return new Date(nextDueMs(dueAt.getTime(), intervalMs, startedAt.getTime(), now.getTime()));
}
