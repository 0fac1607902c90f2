/**
 * Havaianas EU store (havaianas-store.com), docs/platforms.md: SFRA, site Havaianas_Europe.
 * Route 1: the colour swatch's `data-url` (SFRA `Product-Variation` JSON) read from the product page
 * once and cached, or built from the page's site id and locale; sizes are the non-colour attribute.
 * Route 2: the page's SFRA JSON-LD (product-level InStock/OutOfStock).
 * Uncertain: the size attribute id (config.sizeAttribute overrides), the PT path form.
 * The Brazilian store is Shopify and is not this adapter.
 */
import { assertAnswered, parseJson, unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { parseJsonLdProduct } from "./support/jsonld";
import { num, text } from "./support/json";
import { firstAnswer } from "./support/check-routes";
import { parseSfraVariation, SFRA_JSON_HEADERS, sfraSiteFromPage, variationUrl } from "./support/sfra";
import { DAY_MS, TtlCache } from "./support/ttl-cache";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import type { AdapterContext, ProductResult } from "./types";

const variationUrls = new TtlCache<string>(DAY_MS);

export function parseHavaianasUrl(url: string): { origin: string; productId: string; colour: string } | null {
  try {
    const parsed = new URL(url);
    const match = /\/(\d{6,8})-([A-Z0-9_]+)\.html$/i.exec(parsed.pathname);
    const productId = havaianas.idFromUrl(url);
    return match && productId ? { origin: parsed.origin, productId, colour: match[2] } : null;
  } catch {
    return null;
  }
}

/** Pure: product page HTML → the Product-Variation URL of the pasted colour (swatch `data-url`) */
export function havaianasVariationUrl(
  html: string,
  pageUrl: string,
  productId: string,
  colour: string,
): string | null {
  const candidates = [...html.matchAll(/data-url=["']([^"']*Product-Variation[^"']*)["']/gi)].map(
    (m) => new URL(m[1].replaceAll("&amp;", "&"), pageUrl).href,
  );
  const ofColour = candidates.find((c) => c.toUpperCase().includes(`=${colour.toUpperCase()}`));
  if (ofColour ?? candidates[0]) return ofColour ?? candidates[0];
  const site = sfraSiteFromPage(html);
  return site
    ? variationUrl(new URL(pageUrl).origin, site, productId, { [`dwvar_${productId}_color`]: colour })
    : null;
}

export async function checkHavaianas(ctx: AdapterContext): Promise<ProductResult> {
  const url = parseHavaianasUrl(ctx.product.url);
  if (!url) throw unexpected("URL Havaianas sem <id>-<COR>.html");
  let page: string | null = null;
  const loadPage = async () => {
    page ??= await fetchPage(ctx, ctx.product.url);
    return page;
  };
  const sizeAttributeId = text(ctx.product.config.sizeAttribute);
  const { value, source } = await firstAnswer<ProductResult>([
    {
      name: "product-variation",
      run: async () => {
        let target = variationUrls.get(ctx.product.url);
        if (!target) {
          target =
            havaianasVariationUrl(await loadPage(), ctx.product.url, url.productId, url.colour) ?? undefined;
          if (!target) throw unexpected("página Havaianas sem URL de variação");
          variationUrls.set(ctx.product.url, target);
        }
        const res = await ctx.http.request({
          url: target,
          headers: { ...SFRA_JSON_HEADERS, referer: ctx.product.url },
        });
        assertAnswered(res, target);
        return parseSfraVariation(parseJson(res.body), {
          sizePattern: /size|taglia|talla|tamanho|taille|grosse|größe/i,
          sizeAttributeId,
          origin: url.origin,
          lowStockThreshold: num(ctx.product.config.lowStockThreshold),
        });
      },
    },
    { name: "json-ld", run: async () => parseJsonLdProduct(await loadPage(), ctx.product.url) },
  ]);
  return { ...value, source };
}

export const havaianas = definePlatform({
  key: "havaianas",
  order: 6,
  label: "Havaianas",
  sampleUrl: "https://www.havaianas-store.com/pt/pt/havaianas-top/4000029-BLACK.html",
  defaultInterval: 2_000,
  hosts: ["havaianas-store.com", "havaianas.com"],
  idRules: [idInPath(/\/(\d{6,8})-[A-Z0-9_]+\.html$/i)],
  texts: {
    pt: {
      description: "Chinelos da loja europeia da Havaianas por tamanho",
      configHelp: 'Opcional: {"sizeAttribute": "size"}.',
    },
    en: {
      description: "Flip-flops from the Havaianas European store by size",
      configHelp: 'Optional: {"sizeAttribute": "size"}.',
    },
    es: {
      description: "Chanclas de la tienda europea de Havaianas por talla",
      configHelp: 'Opcional: {"sizeAttribute": "size"}.',
    },
  },
  headerProfile: "page",
  check: checkHavaianas,
});
