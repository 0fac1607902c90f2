import type { ActivityCode, ActivityParams } from "@common/activity.js";
import type { MonitorRules } from "@common/schemas/monitor-rules.js";
import type { SearchItem } from "@common/search-rules.js";
import { isAvailableStatus, productStatusLabel } from "@common/status.js";
import type { ActivityType } from "../services/activity.js";
import { alertBase, chunk, ITEMS_PER_ALERT } from "./alert-base.js";
import type { AlertKind, AlertPayload } from "./notify/alert.js";
import { type PriceState, priceRuleOutcome, watchedSizes, watchesSomeSizes } from "./product-rules.js";
import { failureParams } from "./failure-params.js";
import { detectSearch, type SearchState } from "./search-detect.js";
import type {
  CheckFailure,
  CheckResult,
  FailureReason,
  ProductResult,
  ProfileResult,
} from "./platforms/types.js";
import ptAlerts from "../locales/pt/alerts.json" with { type: "json" };

/** what the engine remembers of a product between checks */
export interface StoredState {
  id: number;
  name: string;
  url: string;
  platform: string;
  status: string;
  availableSizes: string[];
  lastNotifiedStatus: string | null;
  lastNotifiedSizes: string[];
  failureStreak: number;
  engineState: EngineState | null;
  price: string | null;
  /** ISO 4217 code of `price`; absent = EUR */
  currency?: string;
  imageUrl: string | null;
  lastCheck: Date | null;
  /** the first failed check of the current streak (null while checks succeed) */
  failingSince?: Date | null;
  /** when the monitor said it is blind (null: it has not, or it is back) */
  blindSince?: Date | null;
  /** the monitor's rules (search filters, price rules, only my sizes); null = none */
  rules?: MonitorRules | null;
}

/** vinted: the wardrobe's item ids already seen (the first scan is stored silently) */
export interface EngineState extends SearchState, PriceState {
  itemIds?: string[];
}

export interface ProductUpdate {
  status?: string;
  availableSizes?: string[];
  lastNotifiedStatus?: string | null;
  lastNotifiedSizes?: string[];
  price?: string | null;
  currency?: string;
  imageUrl?: string | null;
  engineState?: EngineState;
  /** a search's item ids seen for the first time: recorded with the check's alerts */
  seenIds?: string[];
  /** a search's new matches, newest first, put at the head of the card's list */
  newMatches?: SearchItem[];
  failureStreak: number;
  lastError: string | null;
  /** true: a successful check (lastCheck = now) */
  checked: boolean;
  /** the monitor says it is blind now: blind_since = the first failure of the streak */
  blindSince?: Date;
}

export interface ActivityDraft {
  action: "stock_check" | "stock_check_failed";
  code: Extract<ActivityCode, `check_${string}`>;
  params: ActivityParams;
  /** the pt-PT sentence kept beside the code */
  message: string;
  type: ActivityType;
}

export interface Detection {
  /** false: only the check bookkeeping changes, which the scheduler writes in one batch */
  needsTransaction: boolean;
  update: ProductUpdate;
  activities: ActivityDraft[];
  alerts: AlertPayload[];
}

/** each failure reason's pt-PT words (stored records); alerts say them in the owner's language */
export const FAILURE_LABELS: Record<FailureReason, string> = ptAlerts.reason;

/**
 * A monitor is blind when it has had no successful check for `intervals` of its own interval and
 * at least `minMs`: it says so once, and once again when a check succeeds.
 */
export interface BlindRule {
  intervals: number;
  minMs: number;
}

export const DEFAULT_BLIND_RULE: BlindRule = { intervals: 10, minMs: 10 * 60_000 };

/** how long without a successful check makes this monitor blind */
export const blindAfterMs = (rule: BlindRule, checkInterval: number) =>
  Math.max(rule.intervals * checkInterval, rule.minMs);

export interface DetectOptions {
  enableErrorAlerts: boolean;
  now: Date;
  /** ms without a successful check after which the monitor is blind (blindAfterMs) */
  blindAfterMs?: number;
  /** a search's item ids the monitor has already seen (search-seen.ts), among those it read */
  seen?: ReadonlySet<string>;
}

/** remembered vinted item ids; newest first, enough for any wardrobe page */
const MAX_REMEMBERED_ITEMS = 2000;
/** item titles kept for the card's 'Artigos:' list */
const MAX_LISTED_ITEMS = 100;

const NO_STATE: EngineState = Object.freeze({});

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Compares what is stored with what the check saw. Pure. */
export function detect(
  stored: StoredState,
  outcome: CheckResult | CheckFailure,
  opts: DetectOptions,
): Detection {
  if (!("kind" in outcome)) return detectFailure(stored, outcome, opts);
  const detection =
    outcome.kind === "search"
      ? detectSearch(stored, outcome, opts.now, opts.seen ?? new Set())
      : outcome.kind === "profile"
        ? detectProfile(stored, outcome, opts.now)
        : detectProduct(stored, outcome, opts.now);
  if (stored.blindSince) {
    // it could not see, and now it can: said once (the success clears blind_since)
    if (opts.enableErrorAlerts) {
      detection.alerts.push({
        ...alertBase(stored, "check_recovered", stored.status, opts.now),
        since: stored.blindSince.toISOString(),
      });
    }
    detection.needsTransaction = true;
  }
  return detection;
}

function detectFailure(stored: StoredState, failure: CheckFailure, opts: DetectOptions) {
  const streak = stored.failureStreak + 1;
  const reason = FAILURE_LABELS[failure.reason] ?? "erro de rede";
  const activities: ActivityDraft[] =
    stored.failureStreak === 0
      ? [
          {
            action: "stock_check_failed",
            code: "check_failed",
            params: failureParams(failure.reason, failure.message),
            message: `Falha na verificação: ${reason} (${failure.message})`,
            type: "error",
          },
        ]
      : [];
  const alerts: AlertPayload[] = [];
  // the card's words: the reason, with the wall when one blocked it ("bloqueado (Cloudflare)")
  const said = failure.reason === "blocked" ? blockedReason(failure) : reason;
  const update: ProductUpdate = { failureStreak: streak, lastError: said, checked: false };
  // the one rule for saying a monitor cannot see: no successful check for long enough, said once
  const failingSince = stored.failingSince ?? opts.now;
  const blindAfter = opts.blindAfterMs ?? DEFAULT_BLIND_RULE.minMs;
  if (!stored.blindSince && opts.now.getTime() - failingSince.getTime() >= blindAfter) {
    update.blindSince = failingSince;
    if (opts.enableErrorAlerts) {
      alerts.push({
        ...alertBase(stored, "check_failing", stored.status, opts.now),
        error: said,
        reason: failure.reason,
        since: failingSince.toISOString(),
      });
    }
  }
  return {
    needsTransaction: activities.length > 0 || alerts.length > 0 || update.blindSince !== undefined,
    update,
    activities,
    alerts,
  };
}

/**
 * "bloqueado", with the wall that answered when the answer showed it ("bloqueado (Cloudflare)"): a
 * check the host's pause kept from being sent carries the wall of the block that began the pause
 */
function blockedReason(failure: CheckFailure): string {
  return failure.wall ? `${FAILURE_LABELS.blocked} (${failure.wall})` : FAILURE_LABELS.blocked;
}

function detectProduct(stored: StoredState, result: ProductResult, now: Date): Detection {
  const firstCheck = stored.lastCheck === null;
  const sizes = [...new Set(result.sizes)];
  const available = isAvailableStatus(result.status);
  const wasNotifiedAvailable = isAvailableStatus(stored.lastNotifiedStatus);
  const price = result.price ?? stored.price;
  // a price and its currency travel together: a check without a price keeps both
  const currency = result.price !== null ? (result.currency ?? "EUR") : (stored.currency ?? "EUR");
  const imageUrl = stored.imageUrl || result.imageUrl || null;
  const current: StoredState = { ...stored, price, currency, imageUrl };

  const update: ProductUpdate = { failureStreak: 0, lastError: null, checked: true };
  const alerts: AlertPayload[] = [];
  const notified = stored.lastNotifiedSizes;
  // "only my sizes": stock alerts follow the sizes the user named; every size is still shown
  const watched = watchedSizes(sizes, stored.rules);
  const someSizes = watchesSomeSizes(stored.rules);
  const forMe = available && (!someSizes || watched.length > 0);
  const newSizes = watched.filter((s) => !notified.includes(s));
  const withSizes = (kind: AlertKind): AlertPayload => ({
    ...alertBase(current, kind, result.status, now),
    sizes,
    newSizes,
    cartLinks: result.cartLinks?.filter((l) => watched.includes(l.size)),
  });

  if (forMe && !wasNotifiedAvailable) alerts.push(withSizes("restock"));
  else if (forMe && newSizes.length > 0) alerts.push(withSizes("new_sizes"));
  else if (wasNotifiedAvailable && (result.status === "out_of_stock" || (someSizes && available && !forMe)))
    alerts.push(withSizes("sold_out"));

  if (alerts.length > 0) {
    // (stock alerts only: the price rules come below) my sizes gone while others remain: for this monitor the product is sold out
    update.lastNotifiedStatus = forMe || !available ? result.status : "out_of_stock";
    update.lastNotifiedSizes = forMe ? watched : [];
  } else {
    // a size that went away and comes back later is news again
    const kept = notified.filter((s) => watched.includes(s));
    if (kept.length !== notified.length) update.lastNotifiedSizes = kept;
  }

  const priceState: PriceState = stored.engineState ?? NO_STATE;
  const priceRule = priceRuleOutcome(priceState, result.price, currency, stored.rules);
  if (priceRule?.alertFrom) {
    alerts.push({
      ...alertBase(current, "price_drop", result.status, now),
      previousPrice: priceRule.alertFrom,
    });
  }
  if (priceRule && priceRule.state !== priceState) {
    const { priceAlerted: _a, priceBase: _b, priceCurrency: _c, ...rest } = stored.engineState ?? {};
    update.engineState = { ...rest, ...priceRule.state };
  }

  const statusChanged = result.status !== stored.status;
  const sizesChanged = !sameList([...sizes].sort(), [...stored.availableSizes].sort());
  if (statusChanged) update.status = result.status;
  if (sizesChanged) update.availableSizes = sizes;
  if (price !== stored.price) update.price = price;
  if (currency !== (stored.currency ?? "EUR")) update.currency = currency;
  if (imageUrl !== stored.imageUrl) update.imageUrl = imageUrl;

  const activities: ActivityDraft[] = [];
  if (firstCheck || statusChanged || sizesChanged) {
    const sizeText = sizes.length ? ` · tamanhos: ${sizes.join(", ")}` : "";
    const routeText = result.route === "browser" ? " · via browser" : "";
    activities.push({
      action: "stock_check",
      code: "check_status",
      params: {
        status: result.status,
        ...(sizes.length ? { sizes } : {}),
        ...(result.route === "browser" ? { viaBrowser: true } : {}),
      },
      message: `${productStatusLabel(result.status)}${sizeText}${routeText}`,
      type: available ? "success" : result.status === "unknown" ? "warning" : "info",
    });
  }
  const changed = Object.keys(update).length > 3;
  return {
    needsTransaction: changed || activities.length > 0 || alerts.length > 0,
    update,
    activities,
    alerts,
  };
}

function detectProfile(stored: StoredState, result: ProfileResult, now: Date): Detection {
  const known = stored.engineState?.itemIds;
  const ids = result.items.map((i) => i.id);
  const update: ProductUpdate = { failureStreak: 0, lastError: null, checked: true };
  const alerts: AlertPayload[] = [];
  const current: StoredState = { ...stored, imageUrl: stored.imageUrl || result.imageUrl || null };

  if (known) {
    const fresh = result.items.filter((i) => !known.includes(i.id));
    const parts = chunk(fresh, ITEMS_PER_ALERT);
    parts.forEach((items, i) => {
      alerts.push({
        ...alertBase(current, "vinted_new_items", result.status, now),
        items,
        part: { index: i + 1, count: parts.length },
      });
    });
    const merged = [...ids, ...known.filter((id) => !ids.includes(id))].slice(0, MAX_REMEMBERED_ITEMS);
    if (fresh.length > 0) update.engineState = { ...stored.engineState, itemIds: merged };
  } else {
    update.engineState = { ...stored.engineState, itemIds: ids };
  }

  const wasProfile = stored.status === "vinted_active" || stored.status === "vinted_vacation";
  if (wasProfile && stored.status !== result.status) {
    const kind = result.status === "vinted_vacation" ? "vinted_holiday_on" : "vinted_holiday_off";
    alerts.push(alertBase(current, kind, result.status, now));
  }
  if (alerts.length > 0) update.lastNotifiedStatus = result.status;
  if (result.status !== stored.status) update.status = result.status;
  if (current.imageUrl !== stored.imageUrl) update.imageUrl = current.imageUrl;
  // the card's 'Artigos:' list: the titles of the items on sale now
  const titles = result.items.slice(0, MAX_LISTED_ITEMS).map((i) => i.title);
  if (!sameList(titles, stored.availableSizes)) update.availableSizes = titles;

  const activities: ActivityDraft[] = [];
  if (stored.lastCheck === null || result.status !== stored.status || alerts.length > 0) {
    const newCount = alerts.reduce(
      (n, a) => n + (a.kind === "vinted_new_items" ? (a.items?.length ?? 0) : 0),
      0,
    );
    activities.push({
      action: "stock_check",
      code: "check_profile",
      params: {
        status: result.status,
        items: result.items.length,
        ...(newCount ? { newItems: newCount } : {}),
      },
      message: `${productStatusLabel(result.status)} · ${result.items.length} artigo(s)${newCount ? ` · ${newCount} novo(s)` : ""}`,
      type: "info",
    });
  }
  const changed = Object.keys(update).length > 3;
  return {
    needsTransaction: changed || activities.length > 0 || alerts.length > 0,
    update,
    activities,
    alerts,
  };
}
