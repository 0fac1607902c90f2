/**
 * Fnac PT (docs/platforms.md). Fnac A/B-serves two templates on the
 * same URL; both carry an Adobe CEDDL block whose `availabilityType` (followed by `availabilityID`) and
 * `sellerType` are language-independent, and that is the status. The OLD template's
 * `f-buyBox-availabilityStatus-*` class and the NEW template's web-availability span are checked
 * against it; signals that contradict each other are a failed check. JSON-LD is used only for name,
 * image and price: it says LimitedAvailability on sold-out pages. Without a JSON-LD price, the CEDDL
 * product's own `price.priceWithTax` (never an entry of its `offer` list: other sellers, used ones).
 * Marketplace offers count unless config.fnacOnly; click-and-collect only (`sellerType` store) is not
 * buyable online.
 * Uncertain: the PT sentences (none found), reachability past Akamai + DataDome for a plain client.
 */
import { unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { jsonLdDetails } from "./support/jsonld";
import { jsonAfter } from "./support/embedded-json";
import { at, type Json, record, text } from "./support/json";
import { decimalText } from "./support/money";
import { withoutUndefined } from "./support/result";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import type { AdapterContext, ProductResult } from "./types";
import { parsePage } from "../parse/pool.js";

const BUYABLE_TYPES = new Set(["in-stock", "instock", "available"]);
const NOT_BUYABLE_TYPES = new Set([
  "out-of-stock",
  "sold-out",
  "discontinued",
  "preorder",
  "backorder",
  "unavailable",
]);

export interface FnacSignals {
  availabilityType?: string;
  sellerType?: string;
  sellerName?: string;
  oldTemplate?: "available" | "unavailable";
  buyButton: boolean;
  priceWithTax?: string;
}

const CEDDL_AVAILABILITY = /"availabilityType"\s*:\s*"([a-z-]+)"\s*,\s*"availabilityID"/i;

/**
 * The CEDDL product whose `attributes` hold the availability, parsed. Real blocks (fnac.com,
 * `<script id="digitalData">`) list every seller's offer in `attributes.offer` (marketplace and used
 * ones too) before the main offer's seller and availability, and keep the product's own `price` after
 * them, so the text around the availability holds other sellers' prices. Read from the page as sent
 * (the unescaped copy would break names holding `\"`, such as 6,1\" screens), else from that copy
 * (the NEW template's escaped JSON); null when neither parses.
 */
function ceddlProduct(sources: string[], availabilityType: string): Json | null {
  for (const source of sources) {
    const found = CEDDL_AVAILABILITY.exec(source);
    if (!found) continue;
    const start = source.lastIndexOf('"product"', found.index);
    if (start < 0) continue;
    const product = record(jsonAfter(source.slice(start), /^"product"\s*:\s*\[/));
    if (text(at(product, "attributes.availabilityType"))?.toLowerCase() === availabilityType) {
      return product ?? null;
    }
  }
  return null;
}

/** Pure: the page's signals; the NEW template embeds its JSON backslash-escaped, so it is unescaped first */
export function fnacSignals(html: string): FnacSignals {
  const flat = html.replace(/\\"/g, '"');
  const ceddl = CEDDL_AVAILABILITY.exec(flat);
  const product = ceddl ? ceddlProduct([html, flat], ceddl[1].toLowerCase()) : null;
  const attributes = record(product?.attributes);
  const around = ceddl ? flat.slice(Math.max(0, ceddl.index - 800), ceddl.index + 800) : "";
  const sellerType =
    text(attributes?.sellerType) ??
    /"sellerType"\s*:\s*"([^"]*)"/i.exec(around)?.[1] ??
    /data-sellertype=["']([^"']*)["']/i.exec(html)?.[1];
  const sellerName =
    text(attributes?.sellerName) ??
    /"sellerName"\s*:\s*"([^"]*)"/i.exec(around)?.[1] ??
    /data-sellername=["']([^"']*)["']/i.exec(html)?.[1];
  const oldClass =
    /f-buyBox-availabilityStatus-(unavailable|available)\b|f-buyBox__availabilityStatus--(unavailable|available)\b/i.exec(
      html,
    );
  // the product's own price (with tax), else the main offer's; never an entry of the offer list
  const price = product
    ? (decimalText(at(product, "price.priceWithTax")) ??
      decimalText(at(attributes, "currentOffer.price.priceWithTax")) ??
      decimalText(attributes?.priceWithTax))
    : decimalText(/"priceWithTax"\s*:\s*"?([\d.]+)"?/i.exec(around)?.[1]);
  return withoutUndefined({
    availabilityType: ceddl?.[1].toLowerCase(),
    sellerType: sellerType?.toLowerCase(),
    sellerName,
    oldTemplate: (oldClass?.[1] ?? oldClass?.[2])?.toLowerCase() as FnacSignals["oldTemplate"],
    buyButton: /data-automation-id=["']product-buy-btn["']/i.test(html),
    priceWithTax: price ?? undefined,
  });
}

/** Pure: signals → buyable online (from Fnac itself when fnacOnly) */
export function fnacBuyable(signals: FnacSignals, fnacOnly: boolean): boolean {
  const byType = signals.availabilityType
    ? BUYABLE_TYPES.has(signals.availabilityType)
      ? true
      : NOT_BUYABLE_TYPES.has(signals.availabilityType)
        ? false
        : undefined
    : undefined;
  const byClass = signals.oldTemplate ? signals.oldTemplate === "available" : undefined;
  if (byType === undefined && byClass === undefined)
    throw unexpected("página Fnac sem indicação de disponibilidade");
  if (byType !== undefined && byClass !== undefined && byType !== byClass) {
    throw unexpected("a página Fnac dá sinais de disponibilidade contraditórios");
  }
  if (!(byType ?? byClass)) return false;
  // click-and-collect only is Fnac's own stock, but not buyable online
  if (signals.sellerType === "store" || /clickandcollectonly/i.test(signals.sellerName ?? "")) return false;
  const soldByFnac = !signals.sellerType || signals.sellerType === "fnac";
  return soldByFnac || !fnacOnly;
}

/** Pure: page → result */
export function parseFnacPage(html: string, pageUrl: string, fnacOnly: boolean): ProductResult {
  const signals = fnacSignals(html);
  const buyable = fnacBuyable(signals, fnacOnly);
  const details = jsonLdDetails(html, pageUrl);
  return withoutUndefined({
    kind: "product" as const,
    status: buyable ? ("in_stock" as const) : ("out_of_stock" as const),
    sizes: [],
    price: details.price ?? signals.priceWithTax ?? null,
    // fnac.pt sells in euros; JSON-LD's priceCurrency wins when it says otherwise
    currency: details.price ? (details.currency ?? "EUR") : "EUR",
    productSignals: { availability: buyable },
    name: details.name,
    imageUrl: details.imageUrl,
    source: "page-ceddl",
  });
}

export async function checkFnac(ctx: AdapterContext): Promise<ProductResult> {
  if (!fnac.idFromUrl(ctx.product.url)) throw unexpected("URL Fnac sem /a<número>");
  const html = await fetchPage(ctx, ctx.product.url);
  return parsePage(fnac, [html, ctx.product.url, ctx.product.config.fnacOnly === true], ctx.signal);
}

export const fnac = definePlatform({
  key: "fnac",
  order: 9,
  label: "Fnac",
  sampleUrl: "https://www.fnac.pt/Consola-PlayStation-5-Slim/a12345678",
  defaultInterval: 90_000,
  hosts: ["fnac.pt"],
  browser: true,
  idRules: [idInPath(/\/a(\d{4,12})(?:\/|$)/), idInPath(/^\/mp(\d{4,12})(?:\/|$)/)],
  texts: {
    pt: {
      description: "Produtos da Fnac Portugal vendidos pela Fnac",
      configHelp: 'Opcional: {"fnacOnly": true} para ignorar vendedores parceiros.',
    },
    en: {
      description: "Fnac Portugal products sold by Fnac",
      configHelp: 'Optional: {"fnacOnly": true} to ignore partner sellers.',
    },
    es: {
      description: "Productos de Fnac Portugal vendidos por Fnac",
      configHelp: 'Opcional: {"fnacOnly": true} para ignorar a los vendedores asociados.',
    },
  },
  headerProfile: "page",
  pageParser: parseFnacPage,
  check: checkFnac,
});
