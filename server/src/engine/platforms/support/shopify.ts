/**
 * Any Shopify store: the official Ajax endpoint `/products/<handle>.js` (prices in integer cents of
 * the presentment currency, per-variant `available`), then the page's JSON-LD if the store answers
 * oddly. Shopify exposes no inventory counts, so low_stock is never reported. Variants are named by
 * the option values that vary ("Preto / M"); add-to-cart links are `/cart/<variantId>:1` per
 * available variant.
 */
import { assertAnswered, parseJson, unexpected } from "./blocks";
import { checkJsonLd } from "./jsonld";
import { absoluteUrl, isRecord, type Json, list, text } from "./json";
import { priceFromCents } from "./money";
import { statusFromSizes, withoutUndefined } from "./result";
import { firstAnswer } from "./check-routes";
import { isoCurrency } from "./verdict";
import { currencyStatedByPage } from "./currency";
import { fetchPage } from "./fetch-page";
import { DAY_MS, TtlCache } from "./ttl-cache";
import {
  type AdapterContext,
  CheckFailure,
  type PlatformAdapter,
  type ProductResult,
  type SizeInfo,
} from "../types";

export interface ShopifyProductRef {
  origin: string;
  /** locale or market prefix such as "/pt" or "/en-pt", "" when none */
  localePrefix: string;
  handle: string;
  variantId: string | null;
}

/** "https://shop/pt/collections/x/products/hoodie.js?variant=1" → {origin, "/pt", "hoodie", "1"} */
export function shopifyProductRef(url: string): ShopifyProductRef | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match =
    /^((?:\/[a-z]{2}(?:-[a-z]{2})?)?)(?:\/collections\/[^/]+)?\/products\/([^/?#]+?)(?:\.js|\.json|\.oembed)?\/?$/i.exec(
      parsed.pathname,
    );
  if (!match) return null;
  const variant = parsed.searchParams.get("variant");
  return {
    origin: parsed.origin,
    localePrefix: match[1].toLowerCase(),
    handle: decodeURIComponent(match[2]),
    variantId: variant && /^\d+$/.test(variant) ? variant : null,
  };
}

const optionValues = (variant: Json): (string | undefined)[] => [
  text(variant.option1),
  text(variant.option2),
  text(variant.option3),
];

/**
 * A name per variant from the option values that vary across the product ("Preto / M"): the size
 * alone when colour, voltage and the like are the same on every variant. Names stay unique (the
 * add-to-cart link of each must be unambiguous): a collision falls back to the variant's full title.
 */
export function variantLabels(variants: Json[]): string[] {
  const rows = variants.map(optionValues);
  const varying = [0, 1, 2].filter((i) => new Set(rows.map((r) => r[i]).filter(Boolean)).size > 1);
  const labels = variants.map((v, n) => {
    const parts = varying.map((i) => rows[n][i]).filter((p): p is string => p !== undefined);
    return parts.length > 0 ? parts.join(" / ") : (text(v.title) ?? text(v.option1) ?? text(v.id) ?? "?");
  });
  return labels.map((label, n) =>
    labels.indexOf(label) === labels.lastIndexOf(label)
      ? label
      : `${text(variants[n].title) ?? label} (${text(variants[n].id) ?? n + 1})`,
  );
}

/**
 * Pure: the body of `/products/<handle>.js` → product result. `variantId` limits the watch to one
 * variant (the pasted `?variant=`).
 */
export function parseShopifyProductJs(
  body: unknown,
  ref: Pick<ShopifyProductRef, "origin" | "variantId"> & { currency?: string },
): ProductResult {
  if (
    !isRecord(body) ||
    !Array.isArray(body.variants) ||
    body.variants.length === 0 ||
    body.id === undefined
  ) {
    throw unexpected("produto Shopify sem variantes");
  }
  const allVariants = body.variants.filter(isRecord);
  const labelOf = new Map(variantLabels(allVariants).map((label, i) => [allVariants[i], label]));
  let variants = allVariants;
  if (ref.variantId) {
    const chosen = variants.filter((v) => String(v.id) === ref.variantId);
    if (chosen.length === 0) throw unexpected(`a variante ${ref.variantId} já não existe`);
    variants = chosen;
  }
  if (variants.some((v) => typeof v.available !== "boolean")) throw unexpected("variante sem `available`");
  const sizes: SizeInfo[] = variants.map((v) => ({
    name: labelOf.get(v) ?? "?",
    available: v.available === true,
    variantId: String(v.id),
  }));
  const buyable = variants.filter((v) => v.available === true);
  const priced = ref.variantId ? variants[0] : (buyable[0] ?? variants[0]);
  return withoutUndefined({
    kind: "product" as const,
    status: statusFromSizes(sizes),
    sizes: sizes.filter((s) => s.available).map((s) => s.name),
    allSizes: sizes,
    // Shopify's Ajax amounts are hundredths whatever the currency (a ¥2,255 variant is 225500)
    price: priceFromCents(priced.price) ?? priceFromCents(body.price),
    currency: ref.currency,
    name: text(body.title),
    imageUrl: absoluteUrl(body.featured_image ?? list(body.images)[0], ref.origin),
    cartLinks: sizes
      .filter((s) => s.available)
      .map((s) => ({ size: s.name, url: `${ref.origin}/cart/${s.variantId}:1` })),
    source: "products-js",
  });
}

const storeCurrencies = new TtlCache<string>(DAY_MS);

/**
 * `/products/<handle>.js` states amounts, not their currency: they are in the store's currency for
 * the visitor's market. config.currency names it; otherwise the product page states it once
 * (`Shopify.currency.active`, `og:price:currency`, JSON-LD), read once a day per store. A page that
 * cannot be read or states none leaves the amount without a currency, never euros by guess. The
 * collection searches (shopify-search.ts) ask the same, of the searched page.
 */
export async function storeCurrency(
  ctx: AdapterContext,
  storeKey: string,
  pageUrl: string,
): Promise<string | undefined> {
  const configured = isoCurrency(ctx.product.config.currency);
  if (configured) return configured;
  const cached = storeCurrencies.get(storeKey);
  if (cached) return cached;
  try {
    const code = currencyStatedByPage(await fetchPage(ctx, pageUrl));
    if (code) storeCurrencies.set(storeKey, code);
    return code;
  } catch (error) {
    // the stock came from the Ajax answer; only the currency is unknown
    if (error instanceof CheckFailure) return undefined;
    throw error;
  }
}

const productPageUrl = (ref: ShopifyProductRef) =>
  `${ref.origin}${ref.localePrefix}/products/${encodeURIComponent(ref.handle)}`;

/** the store's Ajax answer for the product (`/products/<handle>.js`) read with its currency */
export async function readShopifyProductJs(
  ctx: AdapterContext,
  ref: ShopifyProductRef,
): Promise<ProductResult> {
  const jsUrl = `${productPageUrl(ref)}.js`;
  const res = await ctx.http.request({ url: jsUrl, headers: { accept: "application/json" } });
  assertAnswered(res, jsUrl);
  const body = parseJson(res.body);
  const currency = await storeCurrency(ctx, `${ref.origin}${ref.localePrefix}`, productPageUrl(ref));
  return parseShopifyProductJs(body, { ...ref, currency });
}

export async function checkShopify(ctx: AdapterContext): Promise<ProductResult> {
  const ref = shopifyProductRef(ctx.product.url);
  if (!ref) throw unexpected("o URL não é uma página de produto Shopify (/products/…)");
  const { value, source } = await firstAnswer<ProductResult>([
    { name: "products-js", run: () => readShopifyProductJs(ctx, ref) },
    { name: "json-ld", run: () => checkJsonLd(ctx, productPageUrl(ref)) },
  ]);
  return { ...value, source };
}

export const shopifyAdapter: PlatformAdapter = { key: "shopify", headerProfile: "api", check: checkShopify };
