/**
 * What a search monitor's check means. Pure: the caller says which of the ids read the
 * monitor has seen before (search-seen.ts, the database's memory).
 *
 * - The first scan records every id and alerts nothing.
 * - Afterwards an id never seen before that passes the rules alerts, once: every new id is recorded
 *   with the check's alerts in one statement (store.ts), so no restart, retry or second worker
 *   sends it again. A relisted item has a new id and alerts again.
 * - Shopify: a known product that had nothing to buy and now has is a restock ("drop").
 * - Items go out 10 per alert (one Discord message), every one of them: none is dropped.
 */
import { NO_RULES } from "@common/schemas/monitor-rules.js";
import { judgeItem, prepareRules, type SearchItem } from "@common/search-rules.js";
import { alertBase, chunk, ITEMS_PER_ALERT } from "./alert-base.js";
import type { ActivityDraft, Detection, ProductUpdate, StoredState } from "./detect.js";
import type { AlertKind, AlertPayload } from "./notify/alert.js";
import type { SearchResult } from "./platforms/types.js";

/** what a search monitor keeps in engine_state: small, it is read with every lease */
export interface SearchState {
  /** the first scan was recorded: ids from now on are news */
  searchPrimed?: boolean;
  /** Shopify: the products of the page with nothing to buy at the last check */
  soldOut?: string[];
}

/** the card shows this many of the newest matches */
export const LATEST_MATCHES = 12;
const MAX_SOLD_OUT = 500;

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

export function detectSearch(
  stored: StoredState,
  result: SearchResult,
  now: Date,
  seen: ReadonlySet<string>,
): Detection {
  const rules = prepareRules(stored.rules ?? NO_RULES);
  const state = stored.engineState ?? {};
  const primed = state.searchPrimed === true;
  const update: ProductUpdate = { failureStreak: 0, lastError: null, checked: true };

  const fresh: SearchItem[] = [];
  const freshIds = new Set<string>();
  for (const item of result.items) {
    if (seen.has(item.id) || freshIds.has(item.id)) continue;
    freshIds.add(item.id);
    fresh.push(item);
  }
  if (fresh.length > 0) update.seenIds = [...freshIds];

  const kept = (item: SearchItem) => judgeItem(item, rules).kept;
  const matches = primed ? fresh.filter(kept) : [];
  const wasSoldOut = new Set(state.soldOut ?? []);
  const restocked = primed
    ? result.items.filter(
        (i) => i.available === true && wasSoldOut.has(i.id) && !freshIds.has(i.id) && kept(i),
      )
    : [];

  const subject = { ...stored, imageUrl: stored.imageUrl || result.imageUrl || null };
  const alerts: AlertPayload[] = [];
  const addAlerts = (kind: AlertKind, items: SearchItem[]) => {
    const parts = chunk(items, ITEMS_PER_ALERT);
    parts.forEach((part, i) => {
      alerts.push({
        ...alertBase(subject, kind, result.status, now),
        items: part,
        part: { index: i + 1, count: parts.length },
      });
    });
  };
  addAlerts("search_new_items", matches);
  addAlerts("search_restock", restocked);

  const soldOut = result.items
    .filter((i) => i.available === false)
    .map((i) => i.id)
    .slice(0, MAX_SOLD_OUT);
  if (!primed || !sameIds(soldOut, state.soldOut ?? [])) {
    update.engineState = { ...state, searchPrimed: true, soldOut };
  }

  // the card's newest matches: on the first scan those of the page, then each check's new ones
  const shown = (primed ? [...matches, ...restocked] : result.items.filter(kept)).slice(0, LATEST_MATCHES);
  if (shown.length > 0) {
    update.newMatches = shown;
    // the titles change with the matches, and a change of them is announced to open pages
    update.availableSizes = shown.map((i) => i.title);
  }
  if (alerts.length > 0) update.lastNotifiedStatus = result.status;
  if (result.status !== stored.status) update.status = result.status;
  if (subject.imageUrl !== stored.imageUrl) update.imageUrl = subject.imageUrl;

  const activities: ActivityDraft[] = [];
  if (stored.lastCheck === null || result.status !== stored.status || alerts.length > 0) {
    const found = matches.length + restocked.length;
    activities.push({
      action: "stock_check",
      code: "check_search",
      params: {
        items: result.items.length,
        ...(fresh.length && primed ? { newItems: fresh.length } : {}),
        ...(found ? { matches: found } : {}),
      },
      message: `Pesquisa · ${result.items.length} artigo(s)${fresh.length && primed ? ` · ${fresh.length} novo(s)` : ""}${
        found ? ` · ${found} correspondem às regras` : ""
      }`,
      type: found ? "success" : "info",
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
