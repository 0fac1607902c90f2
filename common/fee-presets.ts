import { evaluateExpression } from "./expression.js";
import type { SalePlatform } from "./sale-platforms.js";

/**
 * Fee presets per sale platform: the seller's fee as a percentage of the sale price plus a fixed
 * part, and who pays the shipping. Each user's presets are versions valid from a day; a sale keeps
 * the fee it was recorded with, so a new version changes only the sales recorded after it.
 */

export type ShippingPaidBy = "buyer" | "seller";

export interface FeeTerms {
  /** "6.50" = 6,5 % of the sale price */
  percent: string;
  /** "0.70" */
  fixedAmount: string;
  shippingPaidBy: ShippingPaidBy;
}

/** the day a user's copied defaults are valid from: before any sale a user may record */
export const DEFAULTS_VALID_FROM = "2000-01-01";

/**
 * The platforms' public seller terms for a private seller in Portugal as of 2026, to be checked
 * (sources and doubts in docs/decisions.md, "Taxas por plataforma"). Copied into a user's presets on
 * their first read; the user edits their own copy.
 */
export const DEFAULT_FEE_TERMS: Record<SalePlatform, FeeTerms> = {
  Vinted: { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  OLX: { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  Wallapop: { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  eBay: { percent: "13.00", fixedAmount: "0.35", shippingPaidBy: "buyer" },
  StockX: { percent: "12.00", fixedAmount: "0.00", shippingPaidBy: "seller" },
  Depop: { percent: "10.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  "Facebook Marketplace": { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  "Loja física": { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
  Outra: { percent: "0.00", fixedAmount: "0.00", shippingPaidBy: "buyer" },
};

/** sale price × percent ÷ 100 + fixed part, exact and rounded to the cent ("20.00" at 5 % + 0,70 → "1.70") */
export function feeFor(terms: Pick<FeeTerms, "percent" | "fixedAmount">, salePrice: string): string {
  // the sale fields' own parser: exact fractions, rounded once at the end
  return evaluateExpression(`${salePrice}*${terms.percent}/100+${terms.fixedAmount}`) ?? terms.fixedAmount;
}

/** the version of `platform` valid on `day` (yyyy-MM-dd): the latest one from that day or before */
export function presetOn<T extends { platform: string; validFrom: string }>(
  versions: readonly T[],
  platform: string,
  day: string,
): T | undefined {
  let best: T | undefined;
  for (const v of versions) {
    if (v.platform !== platform || v.validFrom > day) continue;
    if (!best || v.validFrom > best.validFrom) best = v;
  }
  return best;
}
