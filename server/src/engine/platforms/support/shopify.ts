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
import type { AdapterContext, PlatformAdapter, ProductResult, SizeInfo } from "../types";

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
    price: priceFromCents(priced.price) ?? priceFromCents(body.price),
    currency: ref.currency ?? "EUR",
    name: text(body.title),
    imageUrl: absoluteUrl(body.featured_image ?? list(body.images)[0], ref.origin),
    cartLinks: sizes
      .filter((s) => s.available)
      .map((s) => ({ size: s.name, url: `${ref.origin}/cart/${s.variantId}:1` })),
    source: "products-js",
  });
}

/**
 * `/products/<handle>.js` states amounts, not their currency: they are in the store's currency for
 * the visitor's market, euros for a Portuguese visitor unless config.currency says otherwise.
 */
const storeCurrency = (ctx: AdapterContext) => isoCurrency(ctx.product.config.currency) ?? "EUR";

export async function checkShopify(ctx: AdapterContext): Promise<ProductResult> {
  const ref = shopifyProductRef(ctx.product.url);
  if (!ref) throw unexpected("o URL não é uma página de produto Shopify (/products/…)");
  const jsUrl = `${ref.origin}${ref.localePrefix}/products/${encodeURIComponent(ref.handle)}.js`;
  const pageUrl = `${ref.origin}${ref.localePrefix}/products/${encodeURIComponent(ref.handle)}`;
  const { value, source } = await firstAnswer<ProductResult>([
    {
      name: "products-js",
      run: async () => {
        const res = await ctx.http.request({ url: jsUrl, headers: { accept: "application/json" } });
        assertAnswered(res, jsUrl);
        return parseShopifyProductJs(parseJson(res.body), { ...ref, currency: storeCurrency(ctx) });
      },
    },
    { name: "json-ld", run: () => checkJsonLd(ctx, pageUrl) },
  ]);
  return { ...value, source };
}

export const shopifyAdapter: PlatformAdapter = { key: "shopify", headerProfile: "api", check: checkShopify };
