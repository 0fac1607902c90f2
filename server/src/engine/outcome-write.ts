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
): CheckWrite {
  const u = detection.update;
  const write: CheckWrite = {
    id: product.id,
    target: product.targetId,
    next: nextDueMs(product.dueAt.getTime(), product.checkInterval, at),
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

/** previous due + interval (epoch ms), so schedules do not drift; when that is already past, now */
export function nextDueMs(dueAt: number, intervalMs: number, now: number): number {
  return Math.max(dueAt + intervalMs, now);
}

/** the same with dates */
export function nextDue(dueAt: Date, intervalMs: number, now: Date): Date {
  return new Date(nextDueMs(dueAt.getTime(), intervalMs, now.getTime()));
}
