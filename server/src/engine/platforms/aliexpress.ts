/**
 * AliExpress (docs/platforms.md). Routes, in order:
 * 1. The signed MTOP call the current (client-rendered) page makes, `mtop.aliexpress.pdp.pc.query`:
 *    sign = MD5(token&t&appKey&data), token from the `_m_h5_tk` cookie; a fresh session first gets
 *    FAIL_SYS_TOKEN_EMPTY with the cookie, then the call is re-signed once.
 * 2. The legacy server-rendered page's `window.runParams` (skuModule / skuComponent).
 * Only the variants the user listed are watched (property-value names joined by " / ",
 * case- and accent-insensitive); none listed = all. FAIL_SYS_USER_VALIDATE, RGV587 and the punish
 * slider are blocks. Uncertain: appKey and signing (they change), feasibility outside a real browser.
 */
import { createHash } from "node:crypto";
import { assertAnswered, hostOf, parseJson, unexpected } from "./support/blocks";
import { objectAfter } from "./support/embedded-json";
import { fetchPage } from "./support/fetch-page";
import { absoluteUrl, at, isRecord, list, num, record, text } from "./support/json";
import { decimalText } from "./support/money";
import { productFromSizes } from "./support/result";
import { isoCurrency } from "./support/verdict";
import { firstAnswer } from "./support/check-routes";
import { definePlatform } from "./support/define-platform";
import { idInPath, idInQuery } from "@common/platforms";
import {
  type AdapterContext,
  CheckFailure,
  type HttpClient,
  type ProductResult,
  type SizeInfo,
} from "./types";
import { parsePage } from "../parse/pool.js";

const APP_KEY = "12574478";
const SHIPS_FROM = "200007763";
const DEFAULT_LOW_STOCK = 5;
const tokens = new WeakMap<object, Map<string, string>>();

export interface AeValue {
  names: string[];
  label: string;
  image?: string;
}

export interface AeSku {
  id: string;
  /** [propertyId, valueId] pairs */
  path: [string, string][];
  /** seller's custom names from `skuAttr` ("14:193#Preto") by value id */
  customNames: Map<string, string>;
  stock?: number;
  salable: boolean;
  price: string | null;
}

export interface AeModel {
  name?: string;
  imageUrl?: string;
  values: Map<string, AeValue>;
  skus: AeSku[];
  totalInventory?: number;
  fallbackPrice: string | null;
  /** ISO code the price modules state (`salePrice.currency`, `skuAmount.currency`, …) */
  currency?: string;
}

const valueKey = (propertyId: string, valueId: string) => `${propertyId}:${valueId}`;

function readProperties(properties: unknown): Map<string, AeValue> {
  const values = new Map<string, AeValue>();
  for (const property of list(properties).filter(isRecord)) {
    const propertyId = text(property.skuPropertyId) ?? "";
    for (const value of list(property.skuPropertyValues).filter(isRecord)) {
      const valueId = text(value.propertyValueIdLong) ?? text(value.propertyValueId) ?? "";
      const display = text(value.propertyValueDisplayName);
      const name = text(value.propertyValueName);
      const label = display ?? name ?? valueId;
      values.set(valueKey(propertyId, valueId), {
        names: [display, name].filter((n): n is string => Boolean(n)),
        label,
        ...(text(value.skuPropertyImagePath) ? { image: text(value.skuPropertyImagePath) } : {}),
      });
    }
  }
  return values;
}

/** "14:193;5:100014064" or "14:193,5:100014064" → pairs */
function readPath(path: unknown): [string, string][] {
  return (text(path) ?? "")
    .split(/[;,]/)
    .map((part) => part.split(":") as [string, string])
    .filter((pair) => pair.length === 2 && pair[0] !== "" && pair[1] !== "");
}

/** "14:193#Preto;5:100014064#M" → {"14:193" → "Preto", …} */
function readCustomNames(skuAttr: unknown): Map<string, string> {
  const names = new Map<string, string>();
  for (const part of (text(skuAttr) ?? "").split(";")) {
    const match = /^(\d+):(\d+)#(.+)$/.exec(part.trim());
    if (match) names.set(valueKey(match[1], match[2]), match[3].trim());
  }
  return names;
}

function priceOf(info: unknown): string | null {
  return (
    decimalText(at(info, "salePrice.value")) ??
    decimalText(text(at(info, "salePriceString"))) ??
    decimalText(at(info, "skuActivityAmount.value")) ??
    decimalText(at(info, "skuAmount.value"))
  );
}

function currencyOf(...infos: unknown[]): string | undefined {
  for (const info of infos) {
    for (const path of [
      "salePrice.currency",
      "skuActivityAmount.currency",
      "skuAmount.currency",
      "currency",
    ]) {
      const code = isoCurrency(at(info, path));
      if (code) return code;
    }
  }
  return undefined;
}

/** Pure: `data.result` of pdp.pc.query → model (skuPaths as an array or as an object keyed "0", "1", …) */
export function normaliseMtopResult(result: unknown): AeModel {
  const paths = list(at(result, "SKU.skuPaths")).filter(isRecord);
  const priceMap = record(at(result, "PRICE.skuPriceInfoMap")) ?? {};
  if (!isRecord(result) || (!at(result, "SKU") && !at(result, "QUANTITY_PC"))) {
    throw unexpected("resposta AliExpress sem os módulos SKU/QUANTITY");
  }
  return {
    name: text(at(result, "PRODUCT_TITLE.text")) ?? text(at(result, "GLOBAL_DATA.globalData.subject")),
    imageUrl: absoluteUrl(at(result, "HEADER_IMAGE_PC.imagePathList.0"), "https://ae01.alicdn.com/"),
    values: readProperties(at(result, "SKU.skuProperties")),
    skus: paths.map((sku) => {
      const id = text(sku.skuIdStr) ?? text(sku.skuId) ?? "";
      const stock = num(sku.skuStock);
      return {
        id,
        path: readPath(sku.path),
        customNames: readCustomNames(sku.skuAttr),
        ...(stock !== undefined ? { stock } : {}),
        salable: sku.salable !== false,
        price: priceOf(priceMap[id]),
      };
    }),
    totalInventory: num(at(result, "QUANTITY_PC.totalAvailableInventory")),
    fallbackPrice: priceOf(at(result, "PRICE.targetSkuPriceInfo")),
    currency: currencyOf(at(result, "PRICE.targetSkuPriceInfo"), ...Object.values(priceMap)),
  };
}

/** Pure: legacy `window.runParams.data` (skuModule, or skuComponent + priceComponent) → model */
export function normaliseLegacyRunParams(data: unknown): AeModel {
  const skuModule = record(at(data, "skuModule")) ?? record(at(data, "skuComponent"));
  const priceList = list(skuModule?.skuPriceList ?? at(data, "priceComponent.skuPriceList")).filter(isRecord);
  if (!skuModule && !at(data, "quantityModule")) throw unexpected("runParams sem skuModule");
  const values = readProperties(skuModule?.productSKUPropertyList);
  const valueIds = [...values.keys()];
  return {
    name: text(at(data, "titleModule.subject")) ?? text(at(data, "productInfoComponent.subject")),
    imageUrl: absoluteUrl(at(data, "imageModule.imagePathList.0"), "https://ae01.alicdn.com/"),
    values,
    skus: priceList.map((sku) => {
      // skuPropIds is "14:193,5:100014064" or just the value ids "193,100014064"
      const path = (text(sku.skuPropIds) ?? "").split(",").flatMap((part): [string, string][] => {
        if (part.includes(":")) return readPath(part);
        const key = valueIds.find((k) => k.endsWith(`:${part}`));
        return key ? [key.split(":") as [string, string]] : [];
      });
      const stock = num(at(sku, "skuVal.availQuantity"));
      return {
        id: text(sku.skuIdStr) ?? text(sku.skuId) ?? "",
        path,
        customNames: readCustomNames(sku.skuAttr),
        ...(stock !== undefined ? { stock } : {}),
        // 2024 pages send `salable`; older ones none, and availQuantity alone tells
        salable: sku.salable !== false,
        price: priceOf(sku.skuVal),
      };
    }),
    totalInventory: num(at(data, "quantityModule.totalAvailQuantity")),
    fallbackPrice:
      priceOf(at(data, "priceModule.minActivityAmount")) ??
      priceOf({ skuAmount: at(data, "priceModule.minAmount") }),
    currency: currencyOf(
      { currency: at(data, "currencyComponent.currencyCode") },
      at(data, "priceModule.minActivityAmount"),
      { skuAmount: at(data, "priceModule.minAmount") },
      ...priceList.map((sku) => sku.skuVal),
    ),
  };
}

export function normaliseVariantText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

function skuLabel(model: AeModel, sku: AeSku): string {
  const parts = sku.path
    .filter(([propertyId]) => propertyId !== SHIPS_FROM)
    .map(([p, v]) => sku.customNames.get(valueKey(p, v)) ?? model.values.get(valueKey(p, v))?.label ?? v);
  return parts.join(" / ") || sku.id;
}

function skuNames(model: AeModel, sku: AeSku): Set<string> {
  const names = new Set<string>();
  for (const [p, v] of sku.path) {
    const custom = sku.customNames.get(valueKey(p, v));
    if (custom) names.add(normaliseVariantText(custom));
    for (const name of model.values.get(valueKey(p, v))?.names ?? []) names.add(normaliseVariantText(name));
  }
  return names;
}

/** a SKU matches a watched variant ("Preto / M") when each part names one of its values */
export function skuMatches(model: AeModel, sku: AeSku, watched: string): boolean {
  const names = skuNames(model, sku);
  const parts = watched.split("/").map(normaliseVariantText).filter(Boolean);
  return parts.length > 0 && parts.every((part) => names.has(part));
}

/** Pure: model + watched variants → result; a watch list that matches nothing is a failed check */
export function aliexpressResult(
  model: AeModel,
  watched: string[],
  threshold = DEFAULT_LOW_STOCK,
): ProductResult {
  const wanted = watched.map((w) => w.trim()).filter(Boolean);
  if (model.skus.length === 0) {
    if (model.totalInventory === undefined) throw unexpected("produto AliExpress sem SKUs nem inventário");
    if (wanted.length > 0) throw unexpected("o produto não tem variantes para vigiar");
    const units = model.totalInventory;
    const size: SizeInfo = {
      name: "Único",
      available: units > 0,
      ...(units > 0 && units <= threshold ? { lowStock: true } : {}),
    };
    return productFromSizes([size], {
      price: model.fallbackPrice,
      name: model.name,
      imageUrl: model.imageUrl,
    });
  }
  const selected =
    wanted.length === 0
      ? model.skus
      : model.skus.filter((sku) => wanted.some((w) => skuMatches(model, sku, w)));
  if (selected.length === 0) throw unexpected(`nenhuma variante corresponde a: ${wanted.join(", ")}`);
  const sizes: SizeInfo[] = selected.map((sku) => {
    const units = sku.salable ? sku.stock : 0;
    const available = sku.salable && (units === undefined || units > 0);
    const low = available && units !== undefined && units <= threshold;
    return { name: skuLabel(model, sku), available, variantId: sku.id, ...(low ? { lowStock: true } : {}) };
  });
  const firstBuyable = selected.find((_, i) => sizes[i].available);
  // unsalable SKUs carry placeholder prices (149,799.85), so only salable ones are priced
  const priced = firstBuyable ?? selected.find((sku) => sku.salable && sku.price);
  const colourImage = (firstBuyable ?? selected[0]).path
    .map(([p, v]) => model.values.get(valueKey(p, v))?.image)
    .find(Boolean);
  return productFromSizes(sizes, {
    price: priced?.price ?? model.fallbackPrice,
    name: model.name,
    imageUrl: absoluteUrl(colourImage, "https://ae01.alicdn.com/") ?? model.imageUrl,
  });
}

/** Pure: the JSONP (or JSON) body of an MTOP call → `data.result`, or the failure it reports */
export function parseMtopBody(body: string): { result?: unknown; tokenProblem?: boolean } {
  const jsonp = /^\s*[\w$.]+\s*\(([\s\S]*)\)\s*;?\s*$/.exec(body);
  const parsed = parseJson(jsonp ? jsonp[1] : body);
  const ret = list(at(parsed, "ret")).map((r) => String(r));
  const first = ret[0] ?? "";
  if (first.startsWith("SUCCESS")) {
    const result = at(parsed, "data.result");
    if (!isRecord(result)) throw unexpected("resposta MTOP sem data.result");
    return { result };
  }
  if (
    /FAIL_SYS_USER_VALIDATE|RGV587|punish/i.test(ret.join(" ")) ||
    at(parsed, "data.url")?.toString().includes("punish")
  ) {
    throw new CheckFailure("blocked", "AliExpress pediu verificação (FAIL_SYS_USER_VALIDATE)");
  }
  if (/FAIL_SYS_TOKEN|ILLEGAL_SIGN/i.test(first)) return { tokenProblem: true };
  if (/ITEM_NOT_FOUND|NOT_EXIST|offline/i.test(first))
    throw new CheckFailure("not_found", "Artigo AliExpress indisponível ou removido");
  throw unexpected(`AliExpress respondeu ${first || "sem `ret`"}`);
}

/** Pure: legacy product page → model (a client-rendered page with an empty runParams is unexpected) */
export function parseAliExpressPage(html: string): AeModel {
  const embedded = objectAfter(html, /window\.runParams\s*=\s*\{/);
  if (!embedded.found) throw unexpected("página AliExpress sem window.runParams (renderizada no browser)");
  if (embedded.problem !== undefined) throw unexpected(`window.runParams ilegível (${embedded.problem})`);
  const data = at(embedded.value, "data");
  if (!isRecord(data) || Object.keys(data).length === 0)
    throw unexpected("window.runParams sem `data` (página renderizada no browser)");
  return normaliseLegacyRunParams(data);
}

function tokenStore(http: HttpClient): Map<string, string> {
  let store = tokens.get(http.state ?? http);
  if (!store) {
    store = new Map();
    tokens.set(http.state ?? http, store);
  }
  return store;
}

const requestedCurrency = (ctx: AdapterContext) => (text(ctx.product.config.currency) ?? "EUR").toUpperCase();

async function mtopQuery(ctx: AdapterContext, itemId: string): Promise<AeModel> {
  const pageHost = hostOf(ctx.product.url);
  const acsHost = pageHost.endsWith("aliexpress.us") ? "acs.aliexpress.us" : "acs.aliexpress.com";
  const country = (text(ctx.product.config.country) ?? "PT").toUpperCase();
  const data = JSON.stringify({
    productId: itemId,
    _lang: "pt_PT",
    _currency: requestedCurrency(ctx),
    country,
    clientType: "pc",
  });
  const store = tokenStore(ctx.http);
  for (let attempt = 0; attempt < 2; attempt++) {
    const t = String(Date.now());
    const sign = createHash("md5")
      .update(`${store.get(acsHost) ?? ""}&${t}&${APP_KEY}&${data}`)
      .digest("hex");
    const query = new URLSearchParams({
      jsv: "2.5.1",
      appKey: APP_KEY,
      t,
      sign,
      api: "mtop.aliexpress.pdp.pc.query",
      v: "1.0",
      type: "originaljsonp",
      dataType: "jsonp",
      callback: "mtopjsonp1",
      data,
    });
    const url = `https://${acsHost}/h5/mtop.aliexpress.pdp.pc.query/1.0/?${query}`;
    const res = await ctx.http.request({ url, headers: { accept: "*/*", referer: `https://${pageHost}/` } });
    assertAnswered(res, url);
    const answer = parseMtopBody(res.body);
    if (answer.result) return normaliseMtopResult(answer.result);
    const token = /_m_h5_tk=([^_;]+)_/.exec(res.headers["set-cookie"] ?? "")?.[1];
    if (!token) break;
    store.set(acsHost, token);
  }
  throw unexpected("o AliExpress não aceitou a assinatura MTOP");
}

export async function checkAliExpress(ctx: AdapterContext): Promise<ProductResult> {
  const itemId = aliexpress.idFromUrl(ctx.product.url);
  if (!itemId) throw unexpected("URL AliExpress sem /item/<id>.html");
  const threshold = num(ctx.product.config.lowStockThreshold) ?? DEFAULT_LOW_STOCK;
  const pageUrl = `https://${hostOf(ctx.product.url)}/item/${itemId}.html`;
  const { value, source } = await firstAnswer<AeModel>([
    { name: "mtop-pdp", run: () => mtopQuery(ctx, itemId) },
    {
      name: "page-runparams",
      run: async () => parsePage(aliexpress, [await fetchPage(ctx, pageUrl)], ctx.signal),
    },
  ]);
  const result = aliexpressResult(value, ctx.product.variants, threshold);
  // without a stated currency the price is in the one the query asked for
  return { ...result, currency: value.currency ?? requestedCurrency(ctx), source };
}

export const aliexpress = definePlatform({
  key: "aliexpress",
  order: 2,
  label: "AliExpress",
  sampleUrl: "https://pt.aliexpress.com/item/1005006123456789.html",
  defaultInterval: 3_000,
  hosts: ["aliexpress.com", "aliexpress.us"],
  browser: true,
  idRules: [idInPath(/\/item\/(?:[^/]+\/)?(\d{6,20})\.html$/i), idInQuery("productId", /^\d{6,20}$/)],
  variants: true,
  texts: {
    pt: {
      description: "Produtos do AliExpress com variantes (cor e tamanho)",
      configHelp:
        'Opcional: {"currency": "EUR", "country": "PT"}. Indique as variantes a vigiar na secção Variantes.',
    },
    en: {
      description: "AliExpress products with variants (colour and size)",
      configHelp:
        'Optional: {"currency": "EUR", "country": "PT"}. Enter the variants to watch in the Variants section.',
    },
    es: {
      description: "Productos de AliExpress con variantes (color y talla)",
      configHelp:
        'Opcional: {"currency": "EUR", "country": "PT"}. Indica las variantes que vigilar en la sección Variantes.',
    },
  },
  headerProfile: "api",
  pageParser: parseAliExpressPage,
  check: checkAliExpress,
});
