/**
 * Salesforce Commerce Cloud, Storefront Reference Architecture (Calzedonia group, Havaianas EU):
 * `Product-Variation` answers JSON with `variationAttributes[].values[].selectable` per size. SFRA has
 * no low-stock flag, so low_stock is never reported. The site id and locale are read from the page's
 * `demandware.static/Sites-<id>/-/<locale>/` asset URLs rather than hard-coded.
 */
import { unexpected } from "./blocks";
import { absoluteUrl, at, isRecord, type Json, list, record, text } from "./json";
import { decimalText } from "./money";
import { productFromSizes } from "./result";
import type { ProductResult, SizeInfo } from "./types";

export interface SfraSite {
  siteId: string;
  locale: string;
}

/** Pure: page HTML → the SFRA site id and locale of its assets ("/-/default/" carries no locale) */
export function sfraSiteFromPage(html: string): SfraSite | null {
  for (const match of html.matchAll(
    /demandware\.(?:static|store)\/Sites-([A-Za-z0-9_-]+?)-Site\/(?:-\/)?([a-z]{2}_[A-Z]{2})\//g,
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

function sfraPrice(product: Json): string | null {
  const price = record(product.price);
  if (!price) return null;
  const sales = record(price.sales) ?? record(at(price, "min.sales"));
  return decimalText(sales?.decimalPrice) ?? decimalText(sales?.value);
}

/** Pure: `Product-Variation` body → result */
export function parseSfraVariation(
  body: unknown,
  options: { sizePattern: RegExp; sizeAttributeId?: string; origin: string },
): ProductResult {
  const product = record(at(body, "product"));
  if (!product || !Array.isArray(product.variationAttributes)) {
    throw unexpected("resposta Product-Variation sem `product.variationAttributes`");
  }
  const attribute = sizeAttribute(
    product.variationAttributes.filter(isRecord),
    options.sizePattern,
    options.sizeAttributeId,
  );
  const productAvailable = product.available !== false;
  let sizes: SizeInfo[];
  if (attribute) {
    sizes = list(attribute.values)
      .filter(isRecord)
      .map((v) => ({
        name: text(v.displayValue) ?? text(v.value) ?? "?",
        // `selectable`: an orderable variant exists for this value given the chosen colour
        available: productAvailable && v.selectable === true,
      }));
  } else if (typeof product.available === "boolean") {
    sizes = [{ name: "Tamanho único", available: product.available }];
  } else {
    throw unexpected("Product-Variation sem tamanhos nem `available`");
  }
  const image = list(at(product, "images.large")).filter(isRecord)[0];
  return productFromSizes(sizes, {
    price: sfraPrice(product),
    name: text(product.productName),
    imageUrl: absoluteUrl(image?.url, options.origin),
  });
}
