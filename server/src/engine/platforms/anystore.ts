/**
 * "Outra loja" (docs/platforms.md): any public https product page outside the other platforms'
 * hosts. The reader finds the store's kind by itself, in this order:
 * 1. a Shopify store: `/products/<handle>.js` for a `/products/…` URL (support/shopify.ts);
 * 2. an SFRA site (Salesforce): the page's `demandware.static/Sites-<id>-Site/…/<locale>/` assets →
 *    `Product-Variation?pid=<the page's product>` (support/sfra.ts);
 * 3. schema.org Product / ProductGroup in JSON-LD, then in microdata;
 * 4. Open Graph `og:availability`.
 * The source of the answer names the reader that matched ("shopify-products-js", "sfra-product-
 * variation", "json-ld", "microdata", "open-graph"). A page with none of them fails with a message
 * that says so; a block goes to the browser route. Where JSON-LD or microdata and Open Graph both state
 * availability, they must agree (the verdict gate).
 */
import { assertAnswered, parseJson, unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { readShopifyProductJs, shopifyProductRef } from "./support/shopify";
import { parseJsonLdProduct } from "./support/jsonld";
import {
  NoMarkup,
  openGraphAvailability,
  parseMicrodataProduct,
  parseOpenGraphProduct,
} from "./support/page-markup";
import { parseSfraVariation, SFRA_JSON_HEADERS, sfraSiteFromPage, variationUrl } from "./support/sfra";
import { num } from "./support/json";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import { type AdapterContext, CheckFailure, type ProductResult } from "./types";
import { parsePage } from "../parse/pool.js";

const SIZE_ATTRIBUTE = /size|taglia|talla|tamanho|taille|gr(o|ö)(ss|ß)e|Z_TAGLIE/i;

/** the product id an SFRA page is about: the URL's `<pid>.html`, else the page's first `data-pid` */
export function sfraProductId(html: string, pageUrl: string): string | null {
  const fromUrl = /\/([A-Za-z0-9_-]+)\.html$/.exec(new URL(pageUrl).pathname)?.[1];
  return fromUrl ?? /data-pid=["']([A-Za-z0-9_-]+)["']/.exec(html)?.[1] ?? null;
}

/**
 * Pure: a page's HTML → the product by the page's own markup: JSON-LD, then microdata, then Open
 * Graph. JSON-LD and microdata readings carry Open Graph's availability beside theirs, so a page whose
 * two statements disagree fails at the gate instead of trusting one.
 */
export function parseAnyStorePage(html: string, pageUrl: string): ProductResult {
  const og = openGraphAvailability(html);
  const withOg = (result: ProductResult): ProductResult =>
    og === undefined
      ? result
      : { ...result, productSignals: { ...result.productSignals, "og:availability": og } };
  const readers = [
    () => withOg(parseJsonLdProduct(html, pageUrl)),
    () => withOg(parseMicrodataProduct(html, pageUrl)),
    () => parseOpenGraphProduct(html, pageUrl),
  ];
  let firstProblem: CheckFailure | null = null;
  for (const read of readers) {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof CheckFailure) || error.reason !== "unexpected") throw error;
      // "no JSON-LD at all" is not the page's problem; "JSON-LD without availability" is
      const absent = error instanceof NoMarkup || /sem dados de produto \(JSON-LD\)/.test(error.message);
      if (!absent) firstProblem ??= error;
    }
  }
  throw (
    firstProblem ??
    unexpected(
      "a página não tem dados de produto legíveis (Shopify, SFRA, JSON-LD, microdados ou Open Graph)",
    )
  );
}

export async function checkAnyStore(ctx: AdapterContext): Promise<ProductResult> {
  const url = ctx.product.url;
  if (new URL(url).protocol !== "https:") throw unexpected("Outra loja lê só páginas https");
  const shopifyRef = shopifyProductRef(url);
  if (shopifyRef) {
    try {
      return { ...(await readShopifyProductJs(ctx, shopifyRef)), source: "shopify-products-js" };
    } catch (error) {
      // a /products/ path on a store that is not Shopify: read its page like any other
      if (!(error instanceof CheckFailure) || (error.reason !== "not_found" && error.reason !== "unexpected"))
        throw error;
    }
  }
  const html = await fetchPage(ctx, url);
  const site = sfraSiteFromPage(html);
  const pid = site ? sfraProductId(html, url) : null;
  if (site && pid) {
    const params: Record<string, string> = {};
    for (const [key, value] of new URL(url).searchParams) if (key.startsWith("dwvar_")) params[key] = value;
    const target = variationUrl(new URL(url).origin, site, pid, params);
    const res = await ctx.http.request({ url: target, headers: { ...SFRA_JSON_HEADERS, referer: url } });
    try {
      assertAnswered(res, target);
      const result = parseSfraVariation(parseJson(res.body), {
        sizePattern: SIZE_ATTRIBUTE,
        origin: new URL(url).origin,
        lowStockThreshold: num(ctx.product.config.lowStockThreshold),
      });
      return { ...result, source: "sfra-product-variation" };
    } catch (error) {
      // an SFRA site whose Product-Variation answers oddly still has its page's markup
      if (!(error instanceof CheckFailure) || (error.reason !== "not_found" && error.reason !== "unexpected"))
        throw error;
    }
  }
  return parsePage(anystore, [html, url], ctx.signal);
}

export const anystore = definePlatform({
  key: "anystore",
  order: 99,
  label: "Outra loja",
  sampleUrl: "https://loja.exemplo.pt/products/camisola-de-la",
  defaultInterval: 60_000,
  hosts: [],
  anyHost: true,
  browser: true,
  // the page's last path segment ("camisola-de-la", "194187423926"); a bare site root has none
  idRules: [idInPath(/\/([^/]+?)(?:\.html?)?\/?$/)],
  texts: {
    pt: {
      description:
        "Qualquer loja online com página https pública: lojas Shopify, sites Salesforce (SFRA) e páginas com dados de produto schema.org (JSON-LD ou microdados) ou Open Graph",
      configHelp:
        'Opcional: {"currency": "EUR"} quando a loja não indica a moeda; {"lowStockThreshold": 3} para sites SFRA.',
    },
    en: {
      description:
        "Any online shop with a public https page: Shopify stores, Salesforce (SFRA) sites and pages with schema.org product data (JSON-LD or microdata) or Open Graph",
      configHelp:
        'Optional: {"currency": "EUR"} when the shop does not state its currency; {"lowStockThreshold": 3} for SFRA sites.',
    },
    es: {
      description:
        "Cualquier tienda online con página https pública: tiendas Shopify, sitios Salesforce (SFRA) y páginas con datos de producto schema.org (JSON-LD o microdatos) u Open Graph",
      configHelp:
        'Opcional: {"currency": "EUR"} cuando la tienda no indica la moneda; {"lowStockThreshold": 3} para sitios SFRA.',
    },
  },
  headerProfile: "page",
  pageParser: parseAnyStorePage,
  check: checkAnyStore,
});
