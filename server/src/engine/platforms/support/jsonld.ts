/**
 * Generic adapter for any page with schema.org JSON-LD `Product`/`Offer.availability`, and the fallback of the platform adapters whose primary route is uncertain. Availability values
 * may be full URLs (http or https) or bare names. Only what the page states is used: no quantities,
 * so never low_stock.
 */
import { fetchPage } from "./fetch-page";
import { unexpected } from "./blocks";
import { absoluteUrl, isRecord, type Json, list, record, text } from "./json";
import { currencyStatedByPage } from "./currency";
import { decimalText } from "./money";
import { withoutUndefined } from "./result";
import { isoCurrency } from "./verdict";
import {
  type AdapterContext,
  CheckFailure,
  type PlatformAdapter,
  type ProductResult,
  type SizeInfo,
} from "../types";
import { parsePage } from "../../parse/pool.js";

const BUYABLE = new Set(["instock", "limitedavailability", "onlineonly", "madetoorder"]);
const NOT_BUYABLE = new Set([
  "outofstock",
  "soldout",
  "discontinued",
  "instoreonly",
  "reserved",
  "preorder",
  "presale",
  "backorder",
]);

/** "https://schema.org/InStock", "http://schema.org/InStock", "InStock" → true; unknown → undefined */
export function availabilityIsBuyable(value: unknown): boolean | undefined {
  const name = text(value)?.split("/").pop()?.toLowerCase();
  if (!name) return undefined;
  if (BUYABLE.has(name)) return true;
  if (NOT_BUYABLE.has(name)) return false;
  return undefined;
}

/** every JSON-LD block of the page that parses (a broken block is skipped, not fatal) */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  const pattern = /<script[^>]*type=["']application\/ld\+json["'][^>]*>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    try {
      blocks.push(JSON.parse(match[1].trim()));
    } catch {
      // themes ship stray blocks with trailing commas; the others still count
    }
  }
  return blocks;
}

function hasType(node: Json, type: string): boolean {
  const types = list(node["@type"]).concat(typeof node["@type"] === "string" ? [node["@type"]] : []);
  return types.some((t) => t === type);
}

/** Product and ProductGroup nodes, wherever they sit (@graph, arrays, nested) */
export function findProducts(blocks: unknown[]): Json[] {
  const found: Json[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(node)) for (const child of node) visit(child, depth + 1);
    else if (isRecord(node)) {
      if (hasType(node, "Product") || hasType(node, "ProductGroup")) found.push(node);
      else for (const child of Object.values(node)) visit(child, depth + 1);
    }
  };
  visit(blocks, 0);
  return found;
}

function offersOf(node: Json): Json[] {
  const offers = node.offers;
  const direct = Array.isArray(offers) ? offers : offers ? [offers] : [];
  const flat: Json[] = [];
  for (const offer of direct) {
    if (!isRecord(offer)) continue;
    // AggregateOffer may carry its own availability, or a list of offers
    if (offer.offers) flat.push(...list(offer.offers).filter(isRecord));
    flat.push(offer);
  }
  return flat;
}

interface Priced {
  price: string;
  currency?: string;
}

/**
 * the offer's amount and its currency: the offer's `priceCurrency`, else the one the page states
 * elsewhere (`pageCurrency`: Open Graph, Shopify, microdata); none stated leaves it out, never euros
 */
function offerPrice(offer: Json, pageCurrency?: string): Priced | null {
  const sfraLow = record(record(offer.lowprice)?.sales);
  const price =
    decimalText(offer.price) ??
    decimalText(record(offer.priceSpecification)?.price) ??
    decimalText(offer.lowPrice) ??
    decimalText(sfraLow?.decimalPrice ?? sfraLow?.value);
  if (price === null) return null;
  const stated =
    text(offer.priceCurrency) ??
    text(record(offer.priceSpecification)?.priceCurrency) ??
    text(sfraLow?.currency);
  return withoutUndefined({ price, currency: stated ? isoCurrency(stated) : pageCurrency });
}

function imageOf(node: Json, base: string): string | undefined {
  const image = Array.isArray(node.image) ? node.image[0] : node.image;
  return absoluteUrl(isRecord(image) ? image.url : image, base);
}

export interface JsonLdOptions {
  /**
   * the URL parameter that names the watched colour (Zara's `v1`) and its value: only the variants
   * whose offer URL carries it are read, so sizes of another colour never stand for the watched one
   */
  variantParam?: { name: string; value: string };
}

function offerUrlParam(variant: Json, name: string): string | null {
  const url = text(offersOf(variant)[0]?.url) ?? text(variant.url);
  if (!url) return null;
  try {
    return new URL(url, "https://x.invalid/").searchParams.get(name);
  } catch {
    return null;
  }
}

/**
 * The variants of the watched colour. A group of several colours whose variants do not say which
 * they are, or that lacks the watched one, fails the check rather than read another colour's sizes.
 */
function watchedVariants(variants: Json[], param: JsonLdOptions["variantParam"]): Json[] {
  if (!param || variants.length === 0) return variants;
  const named = variants.map((v) => offerUrlParam(v, param.name));
  const colours = new Set(variants.map((v) => text(v.color)).filter(Boolean));
  if (named.every((n) => n === null)) {
    if (colours.size <= 1) return variants;
    throw unexpected("JSON-LD com várias cores sem dizer qual é a pedida");
  }
  const mine = variants.filter((_, i) => named[i] === param.value);
  if (mine.length === 0) throw unexpected(`a cor pedida não está na resposta (${param.name}=${param.value})`);
  return mine;
}

/**
 * Pure: a page's HTML → product result from its JSON-LD. Variants (ProductGroup.hasVariant, or one
 * offer per variant with a name) become sizes; otherwise the product has one status and no sizes.
 */
export function parseJsonLdProduct(
  html: string,
  pageUrl: string,
  options: JsonLdOptions = {},
): ProductResult {
  const products = findProducts(jsonLdBlocks(html));
  if (products.length === 0)
    throw new CheckFailure("unexpected", "Formato inesperado: sem dados de produto (JSON-LD)");
  const main = products[0];
  const variants = watchedVariants(list(main.hasVariant).filter(isRecord), options.variantParam);
  const sized: { name: string; offer: Json }[] = [];
  for (const variant of variants) {
    const offer = offersOf(variant)[0];
    const name = text(variant.size) ?? text(variant.name);
    if (offer && name) sized.push({ name, offer });
  }
  // Shopify-style themes emit one named Offer per variant instead of a ProductGroup
  const mainOffers = offersOf(main);
  if (variants.length === 0 && mainOffers.length > 1 && mainOffers.every((o) => text(o.name))) {
    for (const offer of mainOffers) sized.push({ name: text(offer.name)!, offer });
  }
  const offers = variants.length > 0 ? sized.map((s) => s.offer) : mainOffers;
  const states = offers.map((o) => availabilityIsBuyable(o.availability));
  if (!states.some((s) => s !== undefined)) {
    throw new CheckFailure("unexpected", "Formato inesperado: JSON-LD sem disponibilidade");
  }
  const available = states.some((s) => s === true);
  // "esgotado" rests on every offer: one whose availability is missing or unknown might be the one in stock
  if (!available && states.some((s) => s === undefined)) {
    throw new CheckFailure(
      "unexpected",
      "Formato inesperado: JSON-LD com ofertas sem disponibilidade e nenhuma disponível",
    );
  }
  // one entry per size name: a size listed under several colours is buyable if any of them is
  const bySize = new Map<string, boolean>();
  for (const s of sized) {
    const buyable = availabilityIsBuyable(s.offer.availability) === true;
    bySize.set(s.name, (bySize.get(s.name) ?? false) || buyable);
  }
  const allSizes: SizeInfo[] = [...bySize].map(([name, available]) => ({ name, available }));
  const buyableOffers = offers.filter((o) => availabilityIsBuyable(o.availability) === true);
  const pageCurrency = currencyStatedByPage(html);
  const priced = [...buyableOffers, ...offers]
    .map((o) => offerPrice(o, pageCurrency))
    .find((p) => p !== null);
  return withoutUndefined({
    kind: "product" as const,
    status: available ? ("in_stock" as const) : ("out_of_stock" as const),
    sizes: allSizes.filter((s) => s.available).map((s) => s.name),
    allSizes: allSizes.length > 0 ? allSizes : undefined,
    price: priced?.price ?? null,
    currency: priced?.currency,
    name: text(main.name),
    imageUrl: imageOf(main, pageUrl),
    source: "json-ld",
    productSignals: { "offers.availability": available },
  });
}

/** the parts of JSON-LD that are trusted even where its availability is not (Fnac) */
export function jsonLdDetails(
  html: string,
  pageUrl: string,
): { name?: string; imageUrl?: string; price: string | null; currency?: string } {
  const main = findProducts(jsonLdBlocks(html))[0];
  if (!main) return { price: null };
  const pageCurrency = currencyStatedByPage(html);
  const priced = offersOf(main)
    .map((o) => offerPrice(o, pageCurrency))
    .find((p) => p !== null);
  return withoutUndefined({
    name: text(main.name),
    imageUrl: imageOf(main, pageUrl),
    price: priced?.price ?? null,
    currency: priced?.currency,
  });
}

export async function checkJsonLd(ctx: AdapterContext, url = ctx.product.url): Promise<ProductResult> {
  return parsePage(jsonLdAdapter, [await fetchPage(ctx, url), url], ctx.signal);
}

export const jsonLdAdapter = {
  key: "jsonld",
  headerProfile: "page",
  pageParser: parseJsonLdProduct,
  check: (ctx: AdapterContext) => checkJsonLd(ctx),
} satisfies PlatformAdapter;
