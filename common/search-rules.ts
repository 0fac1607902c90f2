/**
 * What a search found and which of the monitor's rules keeps or drops each item. Pure,
 * shared: the engine judges every new item with it, "Testar agora" shows its verdict per item.
 */
import { toCents } from "./money.js";
import type { MonitorRules } from "./schemas/monitor-rules.js";

/** one listing (Vinted) or product (Shopify) a search read */
export interface SearchItem {
  id: string;
  title: string;
  /** decimal text in `currency`; null when the answer gave none */
  price: string | null;
  /** ISO 4217 code of `price` */
  currency?: string;
  url: string;
  imageUrl?: string;
  size?: string;
  brand?: string;
  /** Vinted's condition text ("Muito bom") */
  condition?: string;
  /** what the buyer pays: item + buyer protection (+ shipping when the answer states it) */
  totalPrice?: string;
  /** the seller's rating, 0–5, when the answer carries it */
  sellerRating?: number;
  /** ISO time the listing was published, when the answer gives one */
  publishedAt?: string;
  /** Shopify: the variants that can be bought now (sizes rules read these) */
  sizes?: string[];
  /** Shopify: false when no variant can be bought */
  available?: boolean;
}

export type RuleName =
  | "excludeWords"
  | "allWords"
  | "anyWords"
  | "sizes"
  | "brands"
  | "conditions"
  | "minPrice"
  | "maxPrice";

export type Verdict = { kept: true } | { kept: false; rule: RuleName; detail: string };

/** lower case without accents: "Écharpe" and "echarpe" are the same word to a reseller */
export const foldText = (text: string): string =>
  text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-PT").replace(/\s+/g, " ").trim();

/** a size text and its parts ("M / 38 / 10" → "m / 38 / 10", "m", "38", "10") */
const sizeParts = (size: string): string[] => {
  const folded = foldText(size);
  return [folded, ...folded.split(/\s*[/|,]\s*/)].filter(Boolean);
};

/** rules folded once per check rather than once per item */
export interface PreparedRules {
  rules: MonitorRules;
  allWords: string[];
  anyWords: string[];
  excludeWords: string[];
  sizes: Set<string>;
  brands: Set<string>;
  conditions: Set<string>;
  minCents: bigint | null;
  maxCents: bigint | null;
}

export function prepareRules(rules: MonitorRules): PreparedRules {
  return {
    rules,
    allWords: rules.allWords.map(foldText),
    anyWords: rules.anyWords.map(foldText),
    excludeWords: rules.excludeWords.map(foldText),
    sizes: new Set(rules.sizes.map(foldText)),
    brands: new Set(rules.brands.map(foldText)),
    conditions: new Set(rules.conditions.map(foldText)),
    minCents: rules.minPrice === null ? null : toCents(rules.minPrice),
    maxCents: rules.maxPrice === null ? null : toCents(rules.maxPrice),
  };
}

const drop = (rule: RuleName, detail: string): Verdict => ({ kept: false, rule, detail });

/** the first rule that drops the item (excluded words first: they win over the rest), or kept */
export function judgeItem(item: SearchItem, p: PreparedRules): Verdict {
  const text = foldText(`${item.title} ${item.brand ?? ""}`);
  const excluded = p.excludeWords.find((w) => text.includes(w));
  if (excluded) return drop("excludeWords", excluded);
  const missing = p.allWords.find((w) => !text.includes(w));
  if (missing) return drop("allWords", missing);
  if (p.anyWords.length > 0 && !p.anyWords.some((w) => text.includes(w)))
    return drop("anyWords", p.anyWords.join(", "));
  if (p.sizes.size > 0) {
    const sizes = item.sizes ?? (item.size ? [item.size] : []);
    if (!sizes.some((s) => sizeParts(s).some((part) => p.sizes.has(part))))
      return drop("sizes", sizes.join(", ") || "—");
  }
  if (p.brands.size > 0 && !(item.brand && p.brands.has(foldText(item.brand))))
    return drop("brands", item.brand ?? "—");
  if (p.conditions.size > 0 && !(item.condition && p.conditions.has(foldText(item.condition))))
    return drop("conditions", item.condition ?? "—");
  const price = item.price === null ? null : toCents(item.price);
  if (p.minCents !== null && (price === null || price < p.minCents))
    return drop("minPrice", item.price ?? "—");
  if (p.maxCents !== null) {
    const compared = p.rules.maxIsTotal ? (item.totalPrice ?? item.price) : item.price;
    if (compared === null || toCents(compared) > p.maxCents) return drop("maxPrice", compared ?? "—");
  }
  return { kept: true };
}
