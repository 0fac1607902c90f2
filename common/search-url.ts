/**
 * Which pasted URLs are searches: a Vinted catalogue page with its filters, or a
 * Shopify store's collection or root. The modal picks "Pesquisa" from it, the server's schema
 * checks it and the engine reads the filters from it: one rule for the three.
 */
import { httpUrl } from "./http-url.js";

/** how a platform's searches are read; a platform without one watches products only */
export type SearchDialect = "vinted" | "shopify";

export interface VintedSearchTarget {
  dialect: "vinted";
  origin: string;
  /** the catalogue API's filters, in the API's spelling (lists comma-separated) */
  filters: Record<string, string>;
}

export interface ShopifySearchTarget {
  dialect: "shopify";
  origin: string;
  /** locale or market prefix such as "/pt", "" when none */
  localePrefix: string;
  /** the collection's handle; null: the whole store (`/products.json`) */
  collection: string | null;
}

export type SearchTarget = VintedSearchTarget | ShopifySearchTarget;

/** the catalogue page's list parameters (`brand_ids[]=1&brand_ids[]=2`) → the API's (`brand_ids=1,2`) */
const VINTED_LISTS: Record<string, string> = {
  catalog: "catalog_ids",
  catalog_ids: "catalog_ids",
  brand_ids: "brand_ids",
  size_ids: "size_ids",
  status_ids: "status_ids",
  color_ids: "color_ids",
  material_ids: "material_ids",
  video_game_platform_ids: "video_game_platform_ids",
};
const VINTED_SINGLE = ["search_text", "price_from", "price_to", "currency"];

function vintedTarget(url: URL): VintedSearchTarget | null {
  // "/catalog", "/catalog/1206-outerwear" (a category page) and the same under a locale prefix
  const path = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/catalog(?:\/(\d+)(?:-[^/]*)?)?\/?$/i.exec(url.pathname);
  if (!path) return null;
  const lists = new Map<string, string[]>();
  const filters: Record<string, string> = {};
  for (const [rawKey, value] of url.searchParams) {
    const key = rawKey.replace(/\[\]$/, "");
    const apiKey = VINTED_LISTS[key];
    if (apiKey) {
      const ids = value.split(",").filter((v) => /^\d{1,12}$/.test(v.trim()));
      lists.set(apiKey, [...(lists.get(apiKey) ?? []), ...ids.map((v) => v.trim())]);
    } else if (VINTED_SINGLE.includes(key) && value.trim() !== "") {
      filters[key] = value.trim().slice(0, 200);
    }
  }
  if (path[1]) lists.set("catalog_ids", [...(lists.get("catalog_ids") ?? []), path[1]]);
  for (const [key, ids] of lists) if (ids.length > 0) filters[key] = [...new Set(ids)].join(",");
  return { dialect: "vinted", origin: url.origin, filters };
}

function shopifyTarget(url: URL): ShopifySearchTarget | null {
  const m = /^((?:\/[a-z]{2}(?:-[a-z]{2})?)?)(?:\/collections\/([^/?#]+?))?(?:\/products\.json)?\/?$/i.exec(
    url.pathname,
  );
  if (!m) return null;
  let collection: string | null = null;
  if (m[2]) {
    try {
      collection = decodeURIComponent(m[2]);
    } catch {
      return null;
    }
  }
  return { dialect: "shopify", origin: url.origin, localePrefix: m[1].toLowerCase(), collection };
}

/** the search a URL asks for in `dialect`, or null when the URL is a product (or not a URL) */
export function searchTargetOf(dialect: SearchDialect | undefined, text: string): SearchTarget | null {
  const url = httpUrl(text.trim());
  if (!url || !dialect) return null;
  return dialect === "vinted" ? vintedTarget(url) : shopifyTarget(url);
}
