/**
 * Salesforce Commerce Cloud, Storefront Reference Architecture (Calzedonia group, Havaianas EU):
 * `Product-Variation` answers JSON with per-size `orderable`/`inStock` (or only `selectable`) and
 * product-level `available`, `availability.status` and `ATS`; the verdict gate checks they agree. Low
 * stock comes from `availability.lowstock`, "Low Stock" messages or a small stated quantity. Prices
 * keep the `price.sales.currency` of the answer. The site id and locale are read from the page's
 * `demandware.static/Sites-<id>/-/<locale>/` asset URLs rather than hard-coded.
 */
import { unexpected } from "./blocks";
import { absoluteUrl, at, isRecord, type Json, list, num, record, text } from "./json";
import { decimalText } from "./money";
import { productFromSizes, withoutUndefined } from "./result";
import type { ProductResult, Signals, SizeInfo } from "../types";
import { agreed, isoCurrency } from "./verdict";

/** units at or under this are low stock when the answer counts them (config.lowStockThreshold) */
const DEFAULT_LOW_STOCK = 3;

export interface SfraSite {
  siteId: string;
  locale: string;
}

/**
 * Pure: page HTML → the SFRA site id and locale of its assets: `pt_PT`, or a language alone (`es`) on
 * sites that use one; "/-/default/" carries no locale
 */
export function sfraSiteFromPage(html: string): SfraSite | null {
  for (const match of html.matchAll(
    /demandware\.(?:static|store)\/Sites-([A-Za-z0-9_-]+?)-Site\/(?:-\/)?([a-z]{2}(?:_[A-Z]{2})?)\//g,
  )) {
    return { siteId: match[1], locale: match[2] };
  }
  return null;
}

export function variationUrl(
  origin: string,
  site: SfraSite,
  pid: string,
  params: Record<string, string>,
): string {
  const query = new URLSearchParams({ pid, ...params, quantity: "1" });
  return `${origin}/on/demandware.store/Sites-${site.siteId}-Site/${site.locale}/Product-Variation?${query}`;
}

export const SFRA_JSON_HEADERS = {
  accept: "application/json, text/javascript, */*; q=0.01",
  "x-requested-with": "XMLHttpRequest",
};

/**
 * Picks the size attribute: `preferred` when given, else the first id matching `sizePattern`, else the
 * attribute that is not a colour one.
 */
function sizeAttribute(attributes: Json[], sizePattern: RegExp, preferred?: string): Json | undefined {
  const id = (a: Json) => text(a.attributeId) ?? text(a.id) ?? "";
  if (preferred) return attributes.find((a) => id(a) === preferred);
  return (
    attributes.find((a) => sizePattern.test(id(a))) ??
    attributes.find((a) => !/^Z_COL|colou?r|swatch/i.test(id(a)) && list(a.values).length > 0)
  );
}

function sfraPrice(product: Json): { price: string | null; currency?: string } {
  const price = record(product.price);
  if (!price) return { price: null };
  const sales = record(price.sales) ?? record(at(price, "min.sales"));
  return withoutUndefined({
    price: decimalText(sales?.decimalPrice) ?? decimalText(sales?.value),
    currency: isoCurrency(sales?.currency),
  });
}

const UNIT_KEYS = ["ATS", "availableQty", "onlineInventory"];

/**
 * units the answer states: `ATS`, `availableQty`, `onlineInventory`, directly or under `availability`.
 * A master product has no stock of its own: its `availableQty` and `onlineInventory` are 0 while its
 * sizes sell, so only its `ATS` (the variants' total) counts (`keys`).
 */
function units(node: Json, keys = UNIT_KEYS): number | undefined {
  const availability = record(node.availability);
  for (const source of [node, availability]) {
    if (!source) continue;
    for (const key of keys) {
      const n = num(source[key]);
      if (n !== undefined) return n;
    }
  }
  return undefined;
}

/** some sites send `lowstock` as text holding JSON ('{"messages":["1 - Low Stock"]}', "true") */
function unwrapJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  if (!/^[[{]|^(true|false)$/.test(trimmed)) return value;
  try {
    return JSON.parse(trimmed);
  } catch {
    return value;
  }
}

/** `availability.lowstock`, `lowstock: true` or a `lowstock.messages` entry such as "1 - Low Stock" */
function saysLowStock(node: Json): boolean {
  const availability = record(node.availability);
  const flags = [node.lowstock, node.lowStock, availability?.lowstock, availability?.lowStock].map(
    unwrapJsonText,
  );
  if (flags.some((f) => f === true)) return true;
  const messages = [
    ...flags.filter(isRecord).flatMap((f) => list(f.messages)),
    ...list(availability?.messages),
  ];
  return messages.some((m) => /low\s*stock|últimas unidades|poucas unidades/i.test(text(m) ?? ""));
}

const STATUS_BUYABLE: Record<string, boolean> = { IN_STOCK: true, NOT_AVAILABLE: false, OUT_OF_STOCK: false };

const isMaster = (product: Json) => text(product.productType)?.toLowerCase() === "master";

/** product-level readings: `available`, `availability.status`, `ATS` and its kin (a master: ATS only) */
function productSignals(product: Json): Signals {
  const status = text(at(product, "availability.status"))?.toUpperCase();
  const count = units(product, isMaster(product) ? ["ATS"] : UNIT_KEYS);
  return {
    available: typeof product.available === "boolean" ? product.available : undefined,
    "availability.status": status ? STATUS_BUYABLE[status] : undefined,
    ATS: count === undefined ? undefined : count > 0,
  };
}

/**
 * One size value. `orderable` and `inStock` say whether that variant can be bought; `selectable` only
 * says whether it combines with the current selection (real answers send `selectable: false` on every
 * size of a product in stock), so it is read only when neither of the others is there.
 */
function sizeSignals(value: Json): Signals {
  const count = units(value);
  const signals: Signals = {
    orderable: typeof value.orderable === "boolean" ? value.orderable : undefined,
    inStock: typeof value.inStock === "boolean" ? value.inStock : undefined,
    ATS: count === undefined ? undefined : count > 0,
  };
  if (Object.values(signals).every((v) => v === undefined) && typeof value.selectable === "boolean") {
    signals.selectable = value.selectable;
  }
  return signals;
}

/** Pure: `Product-Variation` body → result */
export function parseSfraVariation(
  body: unknown,
  options: { sizePattern: RegExp; sizeAttributeId?: string; origin: string; lowStockThreshold?: number },
): ProductResult {
  const product = record(at(body, "product"));
  // a standard product (no sizes) sends `variationAttributes: null` and reads as one size
  const standard = product?.variationAttributes === null || text(product?.productType) === "standard";
  if (!product || (!Array.isArray(product.variationAttributes) && !standard)) {
    throw unexpected("resposta Product-Variation sem `product.variationAttributes`");
  }
  const attribute = sizeAttribute(
    list(product.variationAttributes).filter(isRecord),
    options.sizePattern,
    options.sizeAttributeId,
  );
  const threshold = options.lowStockThreshold ?? DEFAULT_LOW_STOCK;
  const isLow = (node: Json) => {
    const count = units(node, node === product && isMaster(product) ? ["ATS"] : UNIT_KEYS);
    return saysLowStock(node) || (count !== undefined && count > 0 && count <= threshold);
  };
  const signals = productSignals(product);
  let sizes: SizeInfo[];
  if (attribute) {
    const values = list(attribute.values).filter(isRecord);
    const selectedOnly = values.filter((v) => v.selected === true).length === 1;
    sizes = values.map((v) => {
      const name = text(v.displayValue) ?? text(v.value) ?? "?";
      const available = agreed(`tamanho ${name}`, sizeSignals(v));
      // product-level quantities describe the chosen variant, so they mark only a selected size
      const low = available && (isLow(v) || (selectedOnly && v.selected === true && isLow(product)));
      return { name, available, ...(low ? { lowStock: true } : {}) };
    });
  } else {
    const available = agreed("produto", signals);
    sizes = [
      { name: "Tamanho único", available, ...(available && isLow(product) ? { lowStock: true } : {}) },
    ];
  }
  const image = list(at(product, "images.large")).filter(isRecord)[0];
  return {
    ...productFromSizes(sizes, {
      ...sfraPrice(product),
      name: text(product.productName),
      imageUrl: absoluteUrl(image?.url, options.origin),
    }),
    productSignals: signals,
  };
}
