/**
 * Any Shopify store: the official Ajax endpoint `/products/<handle>.js` (prices in integer cents of
 * the presentment currency, per-variant `available`), then the page's JSON-LD if the store answers
 * oddly. Shopify exposes no inventory counts, so low_stock is never reported. Add-to-cart links are
 * `/cart/<variantId>:1` per available size, as resellers expect.
 */
import { assertAnswered, parseJson, unexpected } from "./blocks";
import { checkJsonLd } from "./jsonld";
import { absoluteUrl, isRecord, type Json, list, text } from "./json";
import { centsToDecimal } from "./money";
import { statusFromSizes, withoutUndefined } from "./result";
import { firstAnswer } from "./routes";
import type { AdapterContext, PlatformAdapter, ProductResult, SizeInfo } from "./types";

const SIZE_OPTION = /^(size|sizes|talla|tamanho|tamanhos|taille|größe|grösse|taglia|maat|rozmiar)$/i;

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

function sizeLabel(variant: Json, optionNames: string[]): string {
  const sizeIndex = optionNames.findIndex((name) => SIZE_OPTION.test(name.trim()));
  if (optionNames.length > 1 && sizeIndex >= 0) {
    const value = text(variant[`option${sizeIndex + 1}`]);
    if (value) return value;
  }
  return text(variant.title) ?? text(variant.option1) ?? text(variant.id) ?? "?";
}

/**
 * Pure: the body of `/products/<handle>.js` → product result. `variantId` limits the watch to one
 * variant (the pasted `?variant=`).
 */
export function parseShopifyProductJs(
  body: unknown,
  ref: Pick<ShopifyProductRef, "origin" | "variantId">,
): ProductResult {
  if (
    !isRecord(body) ||
    !Array.isArray(body.variants) ||
    body.variants.length === 0 ||
    body.id === undefined
  ) {
    throw unexpected("produto Shopify sem variantes");
  }
  const optionNames = list(body.options).map((o) => (isRecord(o) ? (text(o.name) ?? "") : (text(o) ?? "")));
  let variants = body.variants.filter(isRecord);
  if (ref.variantId) {
    const chosen = variants.filter((v) => String(v.id) === ref.variantId);
    if (chosen.length === 0) throw unexpected(`a variante ${ref.variantId} já não existe`);
    variants = chosen;
  }
  if (variants.some((v) => typeof v.available !== "boolean")) throw unexpected("variante sem `available`");
  const sizes: SizeInfo[] = variants.map((v) => ({
    name: sizeLabel(v, optionNames),
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
    price: centsToDecimal(priced.price) ?? centsToDecimal(body.price),
    name: text(body.title),
    imageUrl: absoluteUrl(body.featured_image ?? list(body.images)[0], ref.origin),
    cartLinks: sizes
      .filter((s) => s.available)
      .map((s) => ({ size: s.name, url: `${ref.origin}/cart/${s.variantId}:1` })),
    source: "products-js",
  });
}

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
        return parseShopifyProductJs(parseJson(res.body), ref);
      },
    },
    { name: "json-ld", run: () => checkJsonLd(ctx, pageUrl) },
  ]);
  return { ...value, source };
}

export const shopifyAdapter: PlatformAdapter = { key: "shopify", check: checkShopify };
