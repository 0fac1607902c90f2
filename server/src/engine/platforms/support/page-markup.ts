/**
 * The two other ways a page states a product besides JSON-LD: schema.org microdata (`itemscope
 * itemtype=".../Product"` with `itemprop="offers"` → `availability`, `price`, `priceCurrency`) and
 * Open Graph product tags (`og:availability` / `product:availability`, `product:price:amount`,
 * `product:price:currency`). Only what the page states: never quantities, never low stock.
 */
import * as cheerio from "cheerio";
import { CheckFailure, type ProductResult } from "../types";
import { currencyStatedByPage } from "./currency";
import { availabilityIsBuyable } from "./jsonld";
import { absoluteUrl, text } from "./json";
import { decimalText } from "./money";
import { withoutUndefined } from "./result";
import { isoCurrency } from "./verdict";

/** a page that does not carry this kind of markup: the next reader may */
export class NoMarkup extends CheckFailure {
  constructor(what: string) {
    super("unexpected", `Formato inesperado: a página não tem ${what}`);
  }
}

type Doc = cheerio.CheerioAPI;
/** a selection, whatever node kinds it holds */
type Sel = ReturnType<Doc>;

/** the value of an itemprop element: content / href / src attribute, else its text */
function propValue(el: Sel): string | undefined {
  return (
    text(el.attr("content")) ??
    text(el.attr("href")) ??
    text(el.attr("src")) ??
    text(el.text().replace(/\s+/g, " "))
  );
}

/** the itemprop elements of `scope` that belong to it, not to an item nested inside it */
function ownProps($: Doc, scope: Sel, name: string): Sel {
  return scope.find(`[itemprop~="${name}"]`).filter((_, el) => {
    const owner = $(el).parent().closest("[itemscope]");
    return owner.length > 0 && owner[0] === scope[0];
  });
}

/** Pure: a page's schema.org microdata Product → result */
export function parseMicrodataProduct(html: string, pageUrl: string): ProductResult {
  const $ = cheerio.load(html);
  const product = $("[itemscope][itemtype*='schema.org/Product']").first();
  if (product.length === 0) throw new NoMarkup("microdados schema.org (Product)");
  const offers = ownProps($, product, "offers")
    .toArray()
    .map((el) => $(el));
  const scopes = offers.length > 0 ? offers : [product];
  const readings = scopes.map((offer) => {
    const availability = ownProps($, offer, "availability").first();
    const price = ownProps($, offer, "price").first();
    const lowPrice = ownProps($, offer, "lowPrice").first();
    const currency = ownProps($, offer, "priceCurrency").first();
    return {
      buyable: availability.length > 0 ? availabilityIsBuyable(propValue(availability)) : undefined,
      price: decimalText(
        price.length > 0 ? propValue(price) : lowPrice.length > 0 ? propValue(lowPrice) : undefined,
      ),
      currency: currency.length > 0 ? isoCurrency(propValue(currency)) : undefined,
    };
  });
  const states = readings.map((r) => r.buyable);
  if (!states.some((s) => s !== undefined)) throw new NoMarkup("disponibilidade nos microdados schema.org");
  const available = states.some((s) => s === true);
  if (!available && states.some((s) => s === undefined)) {
    throw new CheckFailure(
      "unexpected",
      "Formato inesperado: microdados com ofertas sem disponibilidade e nenhuma disponível",
    );
  }
  const priced = [...readings.filter((r) => r.buyable === true), ...readings].find((r) => r.price !== null);
  const name = ownProps($, product, "name").first();
  const image = ownProps($, product, "image").first();
  return withoutUndefined({
    kind: "product" as const,
    status: available ? ("in_stock" as const) : ("out_of_stock" as const),
    sizes: [],
    price: priced?.price ?? null,
    currency: priced ? (priced.currency ?? currencyStatedByPage(html)) : undefined,
    name: name.length > 0 ? propValue(name) : undefined,
    imageUrl: image.length > 0 ? absoluteUrl(propValue(image), pageUrl) : undefined,
    source: "microdata",
    productSignals: { "microdata.availability": available },
  });
}

const OG_BUYABLE: Record<string, boolean> = {
  instock: true,
  "in stock": true,
  available: true,
  "available for order": true,
  oos: false,
  "out of stock": false,
  outofstock: false,
  discontinued: false,
  preorder: false,
  pending: false,
};

function metaContent($: Doc, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = text($(`meta[property='${name}'], meta[name='${name}']`).first().attr("content"));
    if (value) return value;
  }
  return undefined;
}

/** Pure: a page's Open Graph availability → buyable, not buyable, or undefined when it states none */
export function openGraphAvailability(html: string): boolean | undefined {
  const $ = cheerio.load(html);
  const value = metaContent($, "og:availability", "product:availability")?.toLowerCase();
  return value === undefined ? undefined : OG_BUYABLE[value];
}

/** Pure: a page's Open Graph product tags → result */
export function parseOpenGraphProduct(html: string, pageUrl: string): ProductResult {
  const $ = cheerio.load(html);
  const stated = metaContent($, "og:availability", "product:availability");
  if (!stated) throw new NoMarkup("disponibilidade Open Graph (og:availability)");
  const buyable = OG_BUYABLE[stated.toLowerCase()];
  if (buyable === undefined)
    throw new CheckFailure("unexpected", `Formato inesperado: og:availability "${stated}"`);
  const price = decimalText(metaContent($, "product:price:amount", "og:price:amount"));
  return withoutUndefined({
    kind: "product" as const,
    status: buyable ? ("in_stock" as const) : ("out_of_stock" as const),
    sizes: [],
    price,
    currency:
      price !== null ? isoCurrency(metaContent($, "product:price:currency", "og:price:currency")) : undefined,
    name: metaContent($, "og:title"),
    imageUrl: absoluteUrl(metaContent($, "og:image"), pageUrl),
    source: "open-graph",
    productSignals: { "og:availability": buyable },
  });
}
