/**
 * A product monitor's own rules: "only my sizes" and the price rules. Pure; detect.ts
 * applies them to each check of a product.
 */
import { toCents } from "@common/money.js";
import type { MonitorRules } from "@common/schemas/monitor-rules.js";
import { foldText } from "@common/search-rules.js";

/** what a product monitor keeps of its price rules in engine_state */
export interface PriceState {
  /** the price the last price alert announced (its currency below); the next must be lower */
  priceAlerted?: string;
  /** the price a % drop is measured from while nothing was alerted yet: the first one seen */
  priceBase?: string;
  priceCurrency?: string;
}

const sizeParts = (size: string) => {
  const folded = foldText(size);
  return [folded, ...folded.split(/\s*[/|,]\s*/)];
};

/** the sizes the monitor alerts for: those of `sizes` the user named ("M" matches "Preto / M"), or all */
export function watchedSizes(sizes: string[], rules: MonitorRules | null | undefined): string[] {
  const mine = new Set((rules?.mySizes ?? []).map(foldText));
  if (mine.size === 0) return sizes;
  return sizes.filter((s) => sizeParts(s).some((part) => mine.has(part)));
}

export const watchesSomeSizes = (rules: MonitorRules | null | undefined) => (rules?.mySizes.length ?? 0) > 0;

/**
 * The price rules against a check's price: a drop to or below the target, or by at least N % from
 * the last alerted price (the first price seen before any alert), alerts; a later alert needs a new
 * low. Prices in another currency than the remembered one start the memory again, silently.
 */
export function priceRuleOutcome(
  state: PriceState,
  price: string | null,
  currency: string,
  rules: MonitorRules | null | undefined,
): { alertFrom: string | null; state: PriceState } | null {
  if (!rules || price === null || (rules.targetPrice === null && rules.dropPercent === null)) return null;
  const fresh = state.priceCurrency !== currency;
  const alerted = fresh ? undefined : state.priceAlerted;
  const base = fresh ? undefined : state.priceBase;
  const cents = toCents(price);
  const reference = alerted ?? base;
  // a new low is needed after an alert: the same or a higher price says nothing new
  const newLow = alerted === undefined || cents < toCents(alerted);
  const underTarget = rules.targetPrice !== null && cents <= toCents(rules.targetPrice);
  const dropped =
    rules.dropPercent !== null &&
    reference !== undefined &&
    cents * 100n <= toCents(reference) * BigInt(100 - rules.dropPercent);
  if (newLow && (underTarget || dropped)) {
    return { alertFrom: reference ?? null, state: { priceAlerted: price, priceCurrency: currency } };
  }
  const next: PriceState = fresh ? { priceBase: price, priceCurrency: currency } : state;
  return { alertFrom: null, state: next };
}
