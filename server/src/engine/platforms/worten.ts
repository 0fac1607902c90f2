/**
 * Worten (docs/platforms.md). No single-product API is known: the GraphQL search needs a
 * persisted-query hash that changes with every deploy, so the check reads the server-rendered product
 * page: JSON-LD first, then the page itself (buy button "Adicionar ao carrinho", "Esgotado" /
 * "Indisponível", the Nuxt price spans). No quantities: never low_stock. Worten sits behind
 * Cloudflare ("Um momento…"), which is a block. The buy box's `add-to-cart--unavailability` modifier
 * (a real 2026 outlet page: the box offers only availability alerts) is sold-out evidence read beside
 * the JSON-LD, whose `InStock` it contradicts on such pages: the verdict gate then fails the check.
 * Uncertain: the Portuguese out-of-stock wording, how often plain clients are challenged.
 */
import { load } from "cheerio";
import { unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { jsonLdDetails, parseJsonLdProduct } from "./support/jsonld";
import { absoluteUrl } from "./support/json";
import { decimalText } from "./support/money";
import { withoutUndefined } from "./support/result";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import { CheckFailure, type AdapterContext, type ProductResult } from "./types";
import { parsePage } from "../parse/pool.js";

const IN_STOCK_TEXT = /adicionar ao carrinho/i;
const OUT_OF_STOCK_TEXT = /esgotado|indispon[ií]vel|sem stock|n[ãa]o dispon[ií]vel/i;

/**
 * Pure: the buy box's own modifier class. `add-to-cart--unavailability` is the box that offers only
 * availability alerts (false); any other box says nothing here (undefined), its buttons are read below.
 */
export function wortenBuyBoxSignal(html: string): boolean | undefined {
  const $ = load(html);
  return $(".add-to-cart--unavailability").length > 0 ? false : undefined;
}

/** Pure: page without usable JSON-LD → status from the buy box */
export function parseWortenDom(html: string, pageUrl: string): ProductResult {
  const $ = load(html);
  // related-product carousels have their own buy buttons: read the product's buy box when it is there
  const buyBoxes = $(".product-price-info, [class*=buy-box], [class*=product-actions]");
  const scope = buyBoxes.length > 0 ? buyBoxes : $("body");
  const buttons = scope
    .find("button, a.button, [role=button]")
    .toArray()
    .filter((el) => !$(el).is("[disabled]") && $(el).attr("aria-disabled") !== "true");
  const canBuy = buttons.some((el) => IN_STOCK_TEXT.test($(el).text()));
  const buyBox = scope.text();
  const unavailableBox = wortenBuyBoxSignal(html) === false;
  const soldOut = OUT_OF_STOCK_TEXT.test(buyBox) || unavailableBox;
  if (!canBuy && !soldOut) throw unexpected("página Worten sem botão de compra nem indicação de esgotado");
  const integer = $("span.price__value .integer").first().text();
  const decimal = $("span.price__value .decimal").first().text();
  const name = $("div.product-header__title span").first().text().trim() || $("h1").first().text().trim();
  const details = jsonLdDetails(html, pageUrl);
  return withoutUndefined({
    kind: "product" as const,
    status: canBuy ? ("in_stock" as const) : ("out_of_stock" as const),
    sizes: [],
    price: integer ? decimalText(`${integer},${decimal || "00"}`) : details.price,
    currency: integer ? "EUR" : (details.currency ?? "EUR"),
    productSignals: withoutUndefined({
      "buy box": canBuy,
      "add-to-cart--unavailability": unavailableBox ? false : undefined,
    }),
    name: name || details.name,
    imageUrl: details.imageUrl ?? absoluteUrl($("meta[property='og:image']").attr("content"), pageUrl),
  });
}

/** Pure: product page → result, JSON-LD first, with the buy box's unavailability beside it */
export function parseWortenPage(html: string, pageUrl: string): ProductResult {
  try {
    const result = parseJsonLdProduct(html, pageUrl);
    const buyBox = wortenBuyBoxSignal(html);
    if (buyBox === undefined) return result;
    return { ...result, productSignals: { ...result.productSignals, "add-to-cart--unavailability": buyBox } };
  } catch (error) {
    if (!(error instanceof CheckFailure) || error.reason !== "unexpected") throw error;
    return { ...parseWortenDom(html, pageUrl), source: "page-dom" };
  }
}

export async function checkWorten(ctx: AdapterContext): Promise<ProductResult> {
  if (!worten.idFromUrl(ctx.product.url)) throw unexpected("URL Worten sem id de produto");
  const html = await fetchPage(ctx, ctx.product.url);
  const result = await parsePage(worten, [html, ctx.product.url], ctx.signal);
  return { ...result, sizes: [], source: result.source ?? "json-ld" };
}

export const worten = definePlatform({
  key: "worten",
  order: 8,
  label: "Worten",
  sampleUrl: "https://www.worten.pt/produtos/consola-ps5-slim-7196053",
  defaultInterval: 90_000,
  hosts: ["worten.pt"],
  browser: true,
  // marketplace listings end in -mrkean-<EAN>; the EAN is then the key
  idRules: [idInPath(/-mrkean-(\d{13})\/?$/), idInPath(/-(\d{6,8})\/?$/)],
  texts: {
    pt: {
      description: "Produtos da Worten (eletrónica, consolas)",
      configHelp: "Sem configuração adicional.",
    },
    en: {
      description: "Worten products (electronics, consoles)",
      configHelp: "No extra configuration.",
    },
    es: {
      description: "Productos de Worten (electrónica, consolas)",
      configHelp: "Sin configuración adicional.",
    },
  },
  headerProfile: "api",
  pageParser: parseWortenPage,
  check: checkWorten,
});
