import { isAvailableStatus, productStatusLabel } from "@common/status.js";
import type { ActivityType } from "../services/activity.js";
import type { AlertKind, AlertPayload } from "./notify/alert.js";
import type {
  CheckFailure,
  CheckResult,
  FailureReason,
  ProductResult,
  ProfileResult,
} from "./platforms/types.js";

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
}

/** vinted: the wardrobe's item ids already seen (the first scan is stored silently) */
export interface EngineState {
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
  failureStreak: number;
  lastError: string | null;
  /** true: a successful check (lastCheck = now) */
  checked: boolean;
}

export interface ActivityDraft {
  action: "stock_check" | "stock_check_failed";
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

export const FAILURE_LABELS: Record<FailureReason, string> = {
  blocked: "bloqueado",
  timeout: "tempo esgotado",
  unexpected: "formato inesperado",
  not_found: "não encontrado",
  network: "erro de rede",
};

export const ERROR_ALERT_STREAK = 3;
/** remembered vinted item ids; newest first, enough for any wardrobe page */
const MAX_REMEMBERED_ITEMS = 2000;
/** a Vinted drop goes out in alerts of this many items: one Discord message holds 10 embeds */
export const ITEMS_PER_ALERT = 10;
/** item titles kept for the card's 'Artigos:' list */
const MAX_LISTED_ITEMS = 100;

function chunk<T>(list: T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < list.length; i += size) parts.push(list.slice(i, i + size));
  return parts;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function alertBase(s: StoredState, kind: AlertKind, status: string, at: Date): AlertPayload {
  return {
    kind,
    productId: s.id,
    productName: s.name,
    productUrl: s.url,
    platform: s.platform,
    status,
    imageUrl: s.imageUrl,
    price: s.price,
    currency: s.currency ?? "EUR",
    sizes: [],
    newSizes: [],
    at: at.toISOString(),
  };
}

/** Compares what is stored with what the check saw. Pure. */
export function detect(
  stored: StoredState,
  outcome: CheckResult | CheckFailure,
  opts: { enableErrorAlerts: boolean; now: Date },
): Detection {
  if (!("kind" in outcome)) return detectFailure(stored, outcome, opts);
  return outcome.kind === "profile"
    ? detectProfile(stored, outcome, opts.now)
    : detectProduct(stored, outcome, opts.now);
}

function detectFailure(
  stored: StoredState,
  failure: CheckFailure,
  opts: { enableErrorAlerts: boolean; now: Date },
) {
  const streak = stored.failureStreak + 1;
  const reason = FAILURE_LABELS[failure.reason] ?? "erro de rede";
  const activities: ActivityDraft[] =
    stored.failureStreak === 0
      ? [
          {
            action: "stock_check_failed",
            message: `Falha na verificação: ${reason} (${failure.message})`,
            type: "error",
          },
        ]
      : [];
  const alerts: AlertPayload[] = [];
  if (streak === ERROR_ALERT_STREAK && opts.enableErrorAlerts) {
    alerts.push({ ...alertBase(stored, "check_failing", stored.status, opts.now), error: reason });
  }
  return {
    needsTransaction: activities.length > 0 || alerts.length > 0,
    update: { failureStreak: streak, lastError: reason, checked: false },
    activities,
    alerts,
  };
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
  const newSizes = sizes.filter((s) => !notified.includes(s));
  const withSizes = (kind: AlertKind): AlertPayload => ({
    ...alertBase(current, kind, result.status, now),
    sizes,
    newSizes,
    cartLinks: result.cartLinks?.filter((l) => sizes.includes(l.size)),
  });

  if (available && !wasNotifiedAvailable) alerts.push(withSizes("restock"));
  else if (available && newSizes.length > 0) alerts.push(withSizes("new_sizes"));
  else if (result.status === "out_of_stock" && wasNotifiedAvailable) alerts.push(withSizes("sold_out"));

  if (alerts.length > 0) {
    update.lastNotifiedStatus = result.status;
    update.lastNotifiedSizes = available ? sizes : [];
  } else {
    // a size that went away and comes back later is news again
    const kept = notified.filter((s) => sizes.includes(s));
    if (kept.length !== notified.length) update.lastNotifiedSizes = kept;
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
