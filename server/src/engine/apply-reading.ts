import { type BlindRule, blindAfterMs, DEFAULT_BLIND_RULE, detect } from "./detect.js";
import { alertSummary } from "./notify/alert.js";
import { alertsGoOut } from "./notify/gate.js";
import { outcomeWrite } from "./outcome-write.js";
import type { AlertPayload } from "./notify/alert.js";
import type { CheckFailure, CheckResult } from "./platforms/types.js";
import type {
  ActivityWrite,
  AlertWrite,
  CheckWrite,
  LeasedProduct,
  LeasedTarget,
  NotFound,
  TargetWrite,
} from "./store.js";

/**
 * A page that answers 404/410 rests: each missing fetch doubles the target's interval (from its
 * shortest watcher's) up to `maxRestMs`; missing for `pauseAfterMs`, its watchers pause themselves
 * and say so once.
 */
export interface RestRule {
  maxRestMs: number;
  pauseAfterMs: number;
}

export const DEFAULT_REST_RULE: RestRule = { maxRestMs: 3_600_000, pauseAfterMs: 24 * 3_600_000 };

/** what one fetch of a target writes: the target's next due time and each served watcher's rows */
export interface ReadingWrites {
  target: TargetWrite;
  checks: CheckWrite[];
  activities: ActivityWrite[];
  alerts: AlertWrite[];
}

export interface ReadingContext {
  /** when the fetch ended */
  now: Date;
  /** when the fetch started (default: now): a late start moves the next due times (outcome-write.ts) */
  startedAt?: number;
  enableErrorAlerts: boolean;
  notificationsEnabled: boolean;
  blind?: BlindRule;
  rest?: RestRule;
  /** a search's ids each watcher has already seen (search-seen.ts), by product id */
  seen?: ReadonlyMap<number, ReadonlySet<string>>;
  /** the digest of what the fetch read (reading-key.ts); null when it failed */
  key: string | null;
}

/** the target's missing-page record after this fetch: null unless it answered 404/410 */
function notFoundAfter(
  target: LeasedTarget,
  outcome: CheckResult | CheckFailure,
  at: number,
): NotFound | null {
  if ("kind" in outcome || outcome.reason !== "not_found") return null;
  return { since: target.notFound?.since ?? at, streak: (target.notFound?.streak ?? 0) + 1 };
}

export const shortestInterval = (watchers: LeasedProduct[]) =>
  watchers.reduce((min, w) => Math.min(min, w.checkInterval), Number.POSITIVE_INFINITY);

/**
 * The watchers a fetch serves: every one due by the time the target's shortest interval has passed.
 * A watcher at 60 s beside one at 5 s is served by the fetch nearest before its own due time (at
 * most 5 s early), so the target is fetched at the 5 s pace and not once more for the slower one,
 * and each watcher still gets a reading per its own interval.
 */
export function servedWatchers(target: LeasedTarget, now: number): LeasedProduct[] {
  if (target.watchers.length <= 1) return target.watchers;
  const shortest = shortestInterval(target.watchers);
  return target.watchers.filter((w) => w.dueAt.getTime() <= now + shortest);
}

/**
 * Applies one fetch's reading to each served watcher's own stored state, rules and channels: its
 * own detection (status, sizes, streak), its own activity lines, its own alerts through its own
 * gate. Nothing of one watcher reaches another's rows.
 */
export function applyReading(
  target: LeasedTarget,
  outcome: CheckResult | CheckFailure,
  context: ReadingContext,
): ReadingWrites {
  const at = context.now.getTime();
  const rest = context.rest ?? DEFAULT_REST_RULE;
  const notFound = notFoundAfter(target, outcome, at);
  const { key } = context;
  const writes: ReadingWrites = {
    target: { id: target.id, next: null, notFound, key },
    checks: [],
    activities: [],
    alerts: [],
  };
  if (notFound) {
    const shortest = Math.min(shortestInterval(target.watchers), rest.maxRestMs);
    writes.target.rest = at + Math.min(rest.maxRestMs, shortest * 2 ** notFound.streak);
  }
  const gone = notFound !== null && at - notFound.since >= rest.pauseAfterMs;
  for (const watcher of servedWatchers(target, at)) {
    const detection = detect(watcher, outcome, {
      enableErrorAlerts: context.enableErrorAlerts,
      now: context.now,
      blindAfterMs: blindAfterMs(context.blind ?? DEFAULT_BLIND_RULE, watcher.checkInterval),
      seen: context.seen?.get(watcher.id),
    });
    if (gone) pauseGone(watcher, detection, context.now);
    const write = outcomeWrite(watcher, outcome, detection, at, context.startedAt ?? at);
    if (gone) write.changes = { ...write.changes, deactivate: true };
    // read with nothing changed: remembered, so that the same answer next time skips its detection
    if (
      key !== null &&
      !write.changes &&
      detection.activities.length === 0 &&
      detection.alerts.length === 0
    ) {
      write.key = key;
      write.ver = watcher.editVersion;
    }
    writes.checks.push(write);
    writes.target.next = writes.target.next === null ? write.next : Math.min(writes.target.next, write.next);
    for (const activity of detection.activities)
      writes.activities.push({ productId: watcher.id, ...activity });
    const alerting =
      detection.alerts.length > 0 &&
      alertsGoOut({
        notificationsEnabled: context.notificationsEnabled,
        webhookUrl: watcher.webhookUrl,
        alertChannels: watcher.alertChannels,
      });
    if (!alerting) continue;
    for (const alert of detection.alerts) {
      writes.alerts.push({
        productId: watcher.id,
        payload: alert,
        message: alertSummary(alert),
        type: alert.kind,
      });
    }
  }
  return writes;
}

/** the page has been gone too long: the monitor pauses itself and says so, once (it is then off) */
function pauseGone(watcher: LeasedProduct, detection: ReturnType<typeof detect>, now: Date): void {
  detection.needsTransaction = true;
  detection.activities.push({
    action: "stock_check_failed",
    code: "check_paused_gone",
    params: {},
    message: "Produto pausado: a página já não existe",
    type: "warning",
  });
  const alert: AlertPayload = {
    kind: "paused_not_found",
    productId: watcher.id,
    productName: watcher.name,
    productUrl: watcher.url,
    platform: watcher.platform,
    status: watcher.status,
    imageUrl: watcher.imageUrl,
    price: watcher.price,
    currency: watcher.currency ?? "EUR",
    sizes: [],
    newSizes: [],
    at: now.toISOString(),
  };
  detection.alerts.push(alert);
}
