/**
 * Zara (docs/platforms.md). Routes, in order:
 * 1. `/api/storefront/1/stores/<storeId>/products/id/<v1>`: cookie-less in 2026, sizes with names,
 *    availability and price in cents. Needs the store id, which no source gives for Portugal: it comes
 *    from config.storeId or from `window.zara.appConfig.storeId` of a page fetched once (cached).
 *    A URL without `v1` is resolved through `/itxrest/1/search/store/<id>/reference` (cached).
 * 2. The product page's embedded `window.zara.viewPayload` (or the `window.zara.dataLayer` object it
 *    points to); Akamai often serves an interstitial instead, which is a block, never "esgotado".
 * 3. The same page's JSON-LD ProductGroup (`hasVariant[]`, a `size` per variant).
 * Uncertain: the PT store id, the storefront `pricing` field names, how long the namespace stays open.
 * `products-details` (option A) is left out: reported 403 to plain clients in 2026.
 */
import { assertAnswered, hostOf, parseJson, unexpected } from "./support/blocks";
import { jsonAfter } from "./support/embedded-json";
import { fetchPage } from "./support/fetch-page";
import { parseJsonLdProduct } from "./support/jsonld";
import { at, isRecord, type Json, list, num, text } from "./support/json";
import { priceFromCents } from "./support/money";
import { productFromSizes } from "./support/result";
import { isoCurrency } from "./support/verdict";
import { countryCurrency } from "./support/currency";
import { firstAnswer, type Route } from "./support/check-routes";
import { DAY_MS, TtlCache } from "./support/ttl-cache";
import { definePlatform } from "./support/define-platform";
import { idInPath, idInQuery, productPage } from "@common/platforms";
import type { AdapterContext, ProductResult, SizeInfo } from "./types";
import { parsePage } from "../parse/pool.js";

const storeIds = new TtlCache<string>(DAY_MS);
const productIdsByReference = new TtlCache<string>(DAY_MS);

export interface ZaraUrl {
  origin: string;
  country: string;
  language: string;
  /** internal product (colour) id, the `v1` query parameter */
  v1: string | null;
  /** the 8-digit SEO reference after `-p` */
  reference: string | null;
}

export function parseZaraUrl(url: string): ZaraUrl | null {
  try {
    const parsed = new URL(url);
    const locale = /^\/([a-z]{2})\/([a-z]{2})\//i.exec(parsed.pathname);
    const v1 = parsed.searchParams.get("v1");
    return {
      origin: parsed.origin,
      country: (locale?.[1] ?? "pt").toLowerCase(),
      language: (locale?.[2] ?? "pt").toLowerCase(),
      v1: v1 && /^\d+$/.test(v1) ? v1 : null,
      reference: /-p(\d{8})\.html/i.exec(parsed.pathname)?.[1] ?? null,
    };
  } catch {
    return null;
  }
}

interface ZaraSizeRow {
  name?: string;
  availability?: string;
  cents?: unknown;
}

/** every availability Zara is known to send, and whether it can be bought now */
const ZARA_BUYABLE: Readonly<Record<string, boolean>> = {
  in_stock: true,
  low_on_stock: true,
  out_of_stock: false,
  // announcements, not something to buy now
  back_soon: false,
  coming_soon: false,
};

/**
 * One size row. A row without a name or availability, or with a value Zara is not known to send,
 * fails the check: read as "not buyable" it could turn the only size in stock into "esgotado".
 */
export function zaraSize(row: ZaraSizeRow): SizeInfo {
  const availability = row.availability?.toLowerCase();
  if (!row.name || !availability) throw unexpected("tamanho Zara sem nome ou disponibilidade");
  const available = ZARA_BUYABLE[availability];
  if (available === undefined) {
    throw unexpected(`disponibilidade Zara desconhecida "${row.availability}" no tamanho ${row.name}`);
  }
  return { name: row.name, available, ...(availability === "low_on_stock" ? { lowStock: true } : {}) };
}

function firstCents(values: unknown[]): string | null {
  for (const value of values) {
    const price = priceFromCents(value);
    if (price !== null) return price;
  }
  return null;
}

/**
 * Zara prices are in cents of the store's currency; a stated currency wins, otherwise the currency of
 * the store's country in the URL (`storeCurrency`: /pt/ → EUR, /us/ → USD), otherwise none.
 */
function zaraCurrency(storeCurrency: string | undefined, ...nodes: unknown[]): string | undefined {
  for (const node of nodes) {
    for (const path of ["currency", "currencyCode", "pricing.currency", "pricing.price.currency"]) {
      const code = isoCurrency(at(node, path));
      if (code) return code;
    }
  }
  return storeCurrency;
}

/** Pure: `/api/storefront/1/stores/<id>/products/id/<v1>` body → result */
export function parseZaraStorefront(body: unknown, storeCurrency?: string): ProductResult {
  const product = isRecord(body) && isRecord(body.product) ? body.product : body;
  if (!isRecord(product) || !Array.isArray(product.sizes)) throw unexpected("produto Zara sem tamanhos");
  const rows = product.sizes.filter(isRecord);
  const sizes = rows.map((s) =>
    zaraSize({
      name: text(at(s, "nomenclature.name")) ?? text(s.name),
      availability: text(s.availability),
    }),
  );
  const priceOf = (s: Json) => [
    at(s, "pricing.price.amount"),
    at(s, "pricing.price.value"),
    at(s, "pricing.price"),
    at(s, "pricing.amount"),
    s.price,
  ];
  const media = list(product.media).filter(isRecord);
  return productFromSizes(sizes, {
    price: firstCents(rows.flatMap(priceOf).concat([at(product, "pricing.price.amount"), product.price])),
    currency: zaraCurrency(storeCurrency, product, ...rows),
    name: text(product.name),
    imageUrl: text(media.find((m) => text(m.url))?.url),
  });
}

function colourImage(colour: Json): string | undefined {
  const media = list(colour.xmedia).filter(isRecord);
  const full = media.find((m) => m.kind === "full") ?? media[0];
  if (!full) return undefined;
  const delivery = text(at(full, "extraInfo.deliveryUrl"));
  if (delivery) return delivery;
  const path = text(full.path);
  const name = text(full.name);
  if (!path || !name) return undefined;
  return `https://static.zara.net/photos//${path}/w/750/${name}.jpg?ts=${text(full.timestamp) ?? ""}`;
}

/**
 * The colour the URL names (`v1`); the first one only when the URL names none. A `v1` missing from the
 * answer fails the check: reading another colour's sizes would report them as the watched colour's.
 */
function watchedColour(colours: Json[], v1: string | null): Json {
  if (v1 === null) return colours[0];
  const colour = colours.find((c) => String(c.productId) === v1);
  if (!colour) throw unexpected(`a cor pedida não está na resposta (v1=${v1})`);
  return colour;
}

/** Pure: the product object of the view payload (page JSON or `window.zara.viewPayload`) → result */
export function parseZaraProduct(product: unknown, v1: string | null, storeCurrency?: string): ProductResult {
  const colours = list(at(product, "detail.colors")).filter(isRecord);
  if (!isRecord(product) || colours.length === 0) throw unexpected("produto Zara sem cores");
  const colour = watchedColour(colours, v1);
  const rows = list(colour.sizes).filter(isRecord);
  const sizes = rows.map((s) => zaraSize({ name: text(s.name), availability: text(s.availability) }));
  return productFromSizes(sizes, {
    price: firstCents([colour.price, ...rows.map((r) => r.price), product.price]),
    currency: zaraCurrency(storeCurrency, colour, product),
    name: text(product.name),
    imageUrl: colourImage(colour),
  });
}

/**
 * The page's view payload: `window.zara.viewPayload = {…}`, or `window.zara.viewPayload =
 * window.zara.dataLayer` with the object written under `dataLayer`.
 */
function viewPayload(html: string): unknown {
  const alias = /window\.zara\.viewPayload\s*=\s*window\.zara\.([A-Za-z_$][\w$]*)/.exec(html)?.[1];
  if (alias) return jsonAfter(html, new RegExp(`window\\.zara\\.${alias}\\s*=\\s*\\{`));
  return jsonAfter(html, /window\.zara\.viewPayload\s*=\s*\{/);
}

/** `product`, or in the dataLayer shape the entry of `productGroups[0].products` with the pasted colour */
function payloadProduct(payload: unknown, v1: string | null): unknown {
  const direct = at(payload, "product");
  if (direct) return direct;
  const products = list(at(payload, "productGroups.0.products")).filter(isRecord);
  const hasColour = (p: Json) =>
    v1 !== null && list(at(p, "detail.colors")).some((c) => isRecord(c) && String(c.productId) === v1);
  // without v1 the page's first product is the pasted one; with it, only the product of that colour
  return v1 === null ? products[0] : (products.find(hasColour) ?? products[0]);
}

/** Pure: the product page HTML → result plus the store id of its app shell */
export function parseZaraPage(
  html: string,
  v1: string | null,
  storeCurrency?: string,
): { result: ProductResult; storeId?: string } {
  const product = payloadProduct(viewPayload(html), v1);
  if (!product) throw unexpected("página Zara sem viewPayload");
  const storeId = text(at(jsonAfter(html, /window\.zara\.appConfig\s*=/), "storeId"));
  return { result: parseZaraProduct(product, v1, storeCurrency), ...(storeId ? { storeId } : {}) };
}

/** Pure: reference search body → the first colour's product id */
export function parseZaraReference(body: unknown): string {
  const content = at(body, "results.0.content");
  const id = num(at(content, "detail.colors.0.productId")) ?? num(at(content, "id"));
  if (id === undefined) throw unexpected("referência Zara sem produto");
  return String(id);
}

async function getJson(ctx: AdapterContext, url: string, referer: string): Promise<unknown> {
  const res = await ctx.http.request({
    url,
    headers: { accept: "application/json, text/plain, */*", referer },
  });
  assertAnswered(res, url);
  return parseJson(res.body);
}

export async function checkZara(ctx: AdapterContext): Promise<ProductResult> {
  const url = parseZaraUrl(ctx.product.url);
  if (!url || (!url.v1 && !url.reference)) throw unexpected("URL Zara sem v1 nem referência -p<8 dígitos>");
  const localeKey = `${hostOf(ctx.product.url)}/${url.country}/${url.language}`;
  const configured = text(ctx.product.config.storeId);
  const storeCurrency = countryCurrency(url.country);
  const storeId = configured ?? storeIds.get(localeKey);

  const storefront: Route<ProductResult> = {
    name: "storefront-api",
    run: async () => {
      const id = await productId(ctx, url, storeId!);
      return parseZaraStorefront(
        await getJson(
          ctx,
          `${url.origin}/api/storefront/1/stores/${storeId}/products/id/${id}`,
          ctx.product.url,
        ),
        storeCurrency,
      );
    },
  };
  let html: string | null = null;
  const loadPage = async () => {
    html ??= await fetchPage(ctx, ctx.product.url);
    return html;
  };
  const page: Route<ProductResult> = {
    name: "page-payload",
    run: async () => {
      const { result, storeId: found } = await parsePage(
        zara,
        [await loadPage(), url.v1, storeCurrency],
        ctx.signal,
      );
      if (found && !configured) storeIds.set(localeKey, found);
      return result;
    },
  };
  // the page's JSON-LD ProductGroup (hasVariant[] with a size each) before giving up
  const jsonLd: Route<ProductResult> = {
    name: "json-ld",
    run: async () =>
      parseJsonLdProduct(await loadPage(), ctx.product.url, {
        ...(url.v1 ? { variantParam: { name: "v1", value: url.v1 } } : {}),
      }),
  };
  const { value, source } = await firstAnswer(storeId ? [storefront, page, jsonLd] : [page, jsonLd]);
  return { ...value, source };
}

async function productId(ctx: AdapterContext, url: ZaraUrl, storeId: string): Promise<string> {
  if (url.v1) return url.v1;
  const reference = url.reference!;
  const cached = productIdsByReference.get(`${storeId}:${reference}`);
  if (cached) return cached;
  const locale = `${url.language}_${url.country.toUpperCase()}`;
  const search = `${url.origin}/itxrest/1/search/store/${storeId}/reference?reference=${reference}&locale=${locale}&scope=default&origin=search&ajax=true`;
  const id = parseZaraReference(await getJson(ctx, search, ctx.product.url));
  productIdsByReference.set(`${storeId}:${reference}`, id);
  return id;
}

export const zara = definePlatform({
  key: "zara",
  order: 1,
  label: "Zara",
  sampleUrl: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html?v1=364118231",
  defaultInterval: 5_000,
  /** Zara's Akamai wall blocks bursts on drop days */
  budget: { perMinute: 120, atOnce: 2 },
  hosts: ["zara.com"],
  browser: true,
  // the internal colour id `v1` is what the APIs take; the 8-digit SEO reference is resolved later
  idRules: [idInQuery("v1", /^\d+$/), idInPath(/-p(\d{8})\.html$/i)],
  productPage: productPage("https://www.zara.com/pt/pt/-p{id}.html", /^\d+$/),
  texts: {
    pt: {
      description: "Produtos da Zara Portugal: estado e tamanhos disponíveis",
      configHelp: 'Opcional: {"storeId": 10701} para fixar a loja; sem ele é lido da página.',
    },
    en: {
      description: "Zara Portugal products: status and available sizes",
      configHelp: 'Optional: {"storeId": 10701} to pin the store; without it, it is read from the page.',
    },
    es: {
      description: "Productos de Zara Portugal: estado y tallas disponibles",
      configHelp: 'Opcional: {"storeId": 10701} para fijar la tienda; sin él se lee de la página.',
    },
  },
  headerProfile: "api",
  pageParser: parseZaraPage,
  check: checkZara,
});
