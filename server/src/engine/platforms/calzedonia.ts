/**
 * Calzedonia group (Calzedonia, Intimissimi, Tezenis, Falconeri), docs/platforms.md: SFRA.
 * Route 1: `Product-Variation?pid=<PID>&dwvar_<PID>_<Z_COL_…>=<colour>` with the site id and locale
 * read once from the product page (cached per site and country); the size attribute is the
 * `Z_TAGLIE_*` family. Route 2: the page's SFRA JSON-LD (product-level availability only).
 * Uncertain: the live PT site id and whether the live site still runs SFRA (facts from 2022).
 */
import { assertAnswered, hostOf, parseJson, unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { parseJsonLdProduct } from "./support/jsonld";
import { num, text } from "./support/json";
import { firstAnswer } from "./support/check-routes";
import {
  parseSfraVariation,
  SFRA_JSON_HEADERS,
  type SfraSite,
  sfraSiteFromPage,
  variationUrl,
} from "./support/sfra";
import { DAY_MS, TtlCache } from "./support/ttl-cache";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import type { AdapterContext, ProductResult } from "./types";

const sites = new TtlCache<SfraSite>(DAY_MS);

export interface CalzedoniaUrl {
  origin: string;
  country: string;
  pid: string;
  /** e.g. ["Z_COL_COLLD", "019"], from `dwvar_<PID>_Z_COL_COLLD=019` */
  colour: [string, string] | null;
}

export function parseCalzedoniaUrl(url: string): CalzedoniaUrl | null {
  try {
    const parsed = new URL(url);
    const pid = calzedonia.idFromUrl(url);
    if (!pid) return null;
    let colour: [string, string] | null = null;
    for (const [key, value] of parsed.searchParams) {
      const attr = new RegExp(`^dwvar_${pid}_(Z_COL_[A-Z0-9]+)$`, "i").exec(key)?.[1];
      if (attr && value) colour = [attr, value];
    }
    return {
      origin: parsed.origin,
      country: /^\/([a-z]{2})\//i.exec(parsed.pathname)?.[1]?.toLowerCase() ?? "pt",
      pid: pid.toUpperCase(),
      colour,
    };
  } catch {
    return null;
  }
}

export async function checkCalzedonia(ctx: AdapterContext): Promise<ProductResult> {
  const url = parseCalzedoniaUrl(ctx.product.url);
  if (!url) throw unexpected("URL Calzedonia sem código de produto (…-<PID>.html)");
  const config = ctx.product.config;
  const siteKey = `${hostOf(ctx.product.url)}/${url.country}`;
  let page: string | null = null;
  const loadPage = async () => {
    page ??= await fetchPage(ctx, ctx.product.url);
    return page;
  };
  const { value, source } = await firstAnswer<ProductResult>([
    {
      name: "product-variation",
      run: async () => {
        const site = await siteFor(siteKey, config, loadPage);
        const colourValue = text(config.color) ?? url.colour?.[1];
        const params: Record<string, string> = {};
        if (colourValue) params[`dwvar_${url.pid}_${url.colour?.[0] ?? "Z_COL_COLLD"}`] = colourValue;
        const target = variationUrl(url.origin, site, url.pid, params);
        const res = await ctx.http.request({
          url: target,
          headers: { ...SFRA_JSON_HEADERS, referer: ctx.product.url },
        });
        assertAnswered(res, target);
        return parseSfraVariation(parseJson(res.body), {
          sizePattern: /^Z_TAGLIE/i,
          origin: url.origin,
          lowStockThreshold: num(config.lowStockThreshold),
        });
      },
    },
    { name: "json-ld", run: async () => parseJsonLdProduct(await loadPage(), ctx.product.url) },
  ]);
  return { ...value, source };
}

async function siteFor(
  key: string,
  config: Record<string, unknown>,
  loadPage: () => Promise<string>,
): Promise<SfraSite> {
  const configured = text(config.siteId);
  if (configured) {
    return { siteId: configured.replace(/^Sites-|-Site$/g, ""), locale: text(config.locale) ?? "pt_PT" };
  }
  const cached = sites.get(key);
  if (cached) return cached;
  const site = sfraSiteFromPage(await loadPage());
  if (!site) throw unexpected("página sem o id do site SFRA (demandware.static)");
  sites.set(key, site);
  return site;
}

export const calzedonia = definePlatform({
  key: "calzedonia",
  order: 5,
  label: "Calzedonia",
  sampleUrl: "https://www.calzedonia.com/pt/product/leggings_active-MIP031.html?dwvar_MIP031_Z_COL_COLLD=019",
  defaultInterval: 3_000,
  hosts: ["calzedonia.com", "intimissimi.com", "tezenis.com", "falconeri.com"],
  idRules: [idInPath(/-([A-Z0-9]+)\.html$/i)],
  idUpperCase: true,
  texts: {
    pt: {
      description: "Produtos da Calzedonia Portugal (também Intimissimi e Tezenis)",
      configHelp:
        'Opcional: {"siteId": "calzedonia-pt", "locale": "pt_PT", "color": "019"}; sem ele é lido da página.',
    },
    en: {
      description: "Calzedonia Portugal products (also Intimissimi and Tezenis)",
      configHelp:
        'Optional: {"siteId": "calzedonia-pt", "locale": "pt_PT", "color": "019"}; without it, it is read from the page.',
    },
    es: {
      description: "Productos de Calzedonia Portugal (también Intimissimi y Tezenis)",
      configHelp:
        'Opcional: {"siteId": "calzedonia-pt", "locale": "pt_PT", "color": "019"}; sin él se lee de la página.',
    },
  },
  headerProfile: "page",
  check: checkCalzedonia,
});
