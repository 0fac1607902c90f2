/**
 * A Shopify store's collection or whole catalogue as a search (docs/platforms.md):
 * `/collections/<handle>/products.json` or `/products.json`, the public JSON every Shopify store
 * serves, read newest first. Amounts there are decimal text in the store's currency for the visitor's
 * market (unlike `/products/<handle>.js`, which gives cents), and the answer never names it: as for a
 * product, config.currency names it, else the searched page states it (`Shopify.currency.active`),
 * else the amounts stay without a currency, never euros by guess (a real Nude Project answer saved
 * outside Europe priced its 50€ gift card at 76.92). Each product is one item; its available variants
 * are its sizes, so a known product whose variants come back is a restock the detector reports.
 */
import type { SearchItem } from "@common/search-rules";
import { searchTargetOf } from "@common/search-url";
import { assertAnswered, parseJson, unexpected } from "./blocks";
import { absoluteUrl, isRecord, type Json, list, text } from "./json";
import { decimalText } from "./money";
import { withoutUndefined } from "./result";
import { storeCurrency, variantLabels } from "./shopify";
import { NO_CURRENCY } from "./currency";
import type { AdapterContext, SearchResult } from "../types";

/** products.json's largest page: a collection's restocks further down are still seen */
export const SHOPIFY_PAGE_SIZE = 250;

const timeOf = (p: Json) => Date.parse(text(p.published_at) ?? text(p.created_at) ?? "") || 0;

/** Pure: a products.json body → one item per product, newest first */
export function parseShopifyProducts(
  body: unknown,
  store: { origin: string; localePrefix: string; currency: string },
): SearchItem[] {
  const products = isRecord(body) ? body.products : undefined;
  if (!Array.isArray(products)) throw unexpected("lista de produtos Shopify sem `products`");
  return products
    .filter(isRecord)
    .filter((p) => text(p.id) && text(p.handle) && Array.isArray(p.variants))
    .sort((a, b) => timeOf(b) - timeOf(a))
    .map((p) => {
      const variants = list(p.variants).filter(isRecord);
      const labels = variantLabels(variants);
      const buyable = variants.filter((v) => v.available === true);
      const priced = buyable[0] ?? variants[0];
      const published = timeOf(p);
      return withoutUndefined({
        id: text(p.id) as string,
        title: text(p.title) ?? "",
        price: priced ? decimalText(priced.price) : null,
        currency: store.currency,
        url: `${store.origin}${store.localePrefix}/products/${encodeURIComponent(text(p.handle) as string)}`,
        imageUrl: absoluteUrl(record0(p.images)?.src ?? record0(p.images), store.origin),
        brand: text(p.vendor),
        sizes: variants.map((v, i) => (v.available === true ? labels[i] : null)).filter((l) => l !== null),
        available: buyable.length > 0,
        publishedAt: published > 0 ? new Date(published).toISOString() : undefined,
      }) as SearchItem;
    });
}

function record0(value: unknown): Json | undefined {
  const first = list(value)[0];
  return isRecord(first) ? first : undefined;
}

export async function checkShopifySearch(ctx: AdapterContext): Promise<SearchResult> {
  const target = searchTargetOf("shopify", ctx.product.url);
  if (target?.dialect !== "shopify") throw unexpected("URL Shopify que não é uma coleção");
  const store = `${target.origin}${target.localePrefix}`;
  // the searched page (also when a products.json URL was pasted): it states the currency
  const page = target.collection
    ? `${store}/collections/${encodeURIComponent(target.collection)}`
    : `${store}/`;
  const url = `${target.collection ? page : store}/products.json?limit=${SHOPIFY_PAGE_SIZE}`;
  const res = await ctx.http.request({ url, headers: { accept: "application/json" } });
  assertAnswered(res, url);
  const body = parseJson(res.body);
  const currency = (await storeCurrency(ctx, store, page)) ?? NO_CURRENCY;
  const items = parseShopifyProducts(body, { ...target, currency });
  return { kind: "search", status: "search_active", items, source: "products-json" };
}
