/**
 * Pop Mart (docs/platforms.md): the site is a Next.js shell with no product data, so the check
 * uses the unsigned oRPC API on the EU host: `ec/spu/public_FindOne` (product, SKUs, sale window),
 * then `ec/spu/getStock` (live units per SKU; the FindOne `tmpStock` rollup is the fallback). Pop Now
 * (draw) sets use `draw/set/public_assignSet`. Units at or under a threshold (config.lowStockThreshold,
 * default 5) are low stock. An empty or error-coded answer is a failed check, never "esgotado".
 * Uncertain: whether the EU host serves area PT, and the `/pt/` path.
 */
import { assertAnswered, hostOf, parseJson, unexpected } from "./support/blocks";
import { absoluteUrl, at, isRecord, type Json, list, num, record, text } from "./support/json";
import { countryCurrency, priceFromMinorUnits } from "./support/currency";
import { productFromSizes, withoutUndefined } from "./support/result";
import { isoCurrency } from "./support/verdict";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import { type AdapterContext, CheckFailure, type ProductResult, type SizeInfo } from "./types";

export const POPMART_EU_API = "https://prod-uk-online-api.popmart.com";
const DEFAULT_LOW_STOCK = 5;

export interface PopmartRef {
  id: string;
  /** uppercase ISO country for x-area */
  area: string;
  draw: boolean;
}

/** accepts `/<cc>/products/<id>/<slug>`, `/<cc>/products/<slug>/<id>`, `/en-PH/…`, `/<cc>/pop-now/…/<id>` */
export function popmartRef(url: string): PopmartRef | null {
  try {
    const segments = new URL(url).pathname.split("/").filter(Boolean);
    const kind = segments.findIndex((s) => s === "products" || s === "pop-now");
    if (kind < 0) return null;
    const id = popmart.idFromUrl(url);
    if (!id) return null;
    const areaSegment = kind > 0 ? segments[0] : "pt";
    const area = (areaSegment.includes("-") ? areaSegment.split("-")[1] : areaSegment).toUpperCase();
    return { id, area, draw: segments[kind] === "pop-now" };
  } catch {
    return null;
  }
}

/** oRPC answers `{json: …}`; an error is a body with `code` (or a 200 with nothing in it) */
export function unwrapOrpc(body: unknown): Json {
  const inner = record(at(body, "json"));
  if (!inner) throw unexpected("resposta oRPC sem `json`");
  const code = text(inner.code) ?? text(record(body)?.code);
  if (code && !inner.id && !inner.stock && !inner.boxes)
    throw unexpected(`a API da Pop Mart respondeu ${code}`);
  return inner;
}

function localName(trans: unknown, fallback?: unknown): string | undefined {
  const names = record(trans);
  if (!names) return text(fallback);
  return (
    text(names.pt) ??
    text(names["pt-pt"]) ??
    text(names["en-us"]) ??
    text(names.en) ??
    text(Object.values(names)[0])
  );
}

export interface PopmartProduct {
  id: string;
  name?: string;
  imageUrl?: string;
  comingSoon: boolean;
  skus: {
    id: string;
    name: string;
    cents: unknown;
    rollup?: number;
    onlineStock?: number;
    currency?: string;
  }[];
  currency?: string;
}

/** Pure: public_FindOne body → product; unpublished or hidden products are not found */
export function parsePopmartFindOne(body: unknown): PopmartProduct {
  const product = unwrapOrpc(body);
  if (!text(product.id) || !Array.isArray(product.skus) || product.skus.length === 0) {
    throw unexpected("produto Pop Mart sem SKUs");
  }
  if (product.publish === false || product.show === false) {
    throw new CheckFailure("not_found", "Produto Pop Mart não publicado");
  }
  const startsAt = Date.parse(text(product.saleStartAt) ?? "");
  const now = num(product.currentTimestamp) ?? Date.now();
  return withoutUndefined({
    id: text(product.id)!,
    name: localName(product.name_trans, product.name ?? product.title),
    imageUrl: absoluteUrl(product.mainImage ?? list(product.images)[0], "https://www.popmart.com/"),
    comingSoon: Number.isFinite(startsAt) && startsAt > now,
    skus: product.skus.filter(isRecord).map((s) =>
      withoutUndefined({
        id: text(s.id) ?? "",
        name: localName(s.name_trans, s.title) ?? text(s.id) ?? "?",
        cents: s.discountPrice ?? s.price,
        rollup: num(s.tmpStock),
        // another API shape keeps live units per SKU in `stock.onlineStock`
        onlineStock: num(at(s, "stock.onlineStock")),
        currency: isoCurrency(s.currency) ?? isoCurrency(at(s, "stock.currency")),
      }),
    ),
    currency: isoCurrency(product.currency),
  });
}

/** Pure: getStock body → units per SKU id */
export function parsePopmartStock(body: unknown): Map<string, number> {
  const stock = record(unwrapOrpc(body).stock);
  if (!stock || Object.keys(stock).length === 0) throw unexpected("stock Pop Mart vazio");
  const units = new Map<string, number>();
  for (const [id, value] of Object.entries(stock)) {
    const n = num(value);
    if (n !== undefined) units.set(id, n);
  }
  return units;
}

/** Pure: product + units → result (a future sale start means nothing is buyable yet) */
export function popmartResult(
  product: PopmartProduct,
  units: Map<string, number>,
  threshold: number,
  /** the currency of the URL's area, when the answer states none */
  areaCurrency?: string,
): ProductResult {
  const sizes: SizeInfo[] = product.skus.map((sku) => {
    const count = units.get(sku.id);
    if (count === undefined && !product.comingSoon) throw unexpected(`stock Pop Mart sem o SKU ${sku.id}`);
    const available = !product.comingSoon && count !== undefined && count > 0;
    return {
      name: sku.name,
      available,
      variantId: sku.id,
      ...(available && count !== undefined && count <= threshold ? { lowStock: true } : {}),
    };
  });
  const priced = product.skus.find((_, i) => sizes[i].available) ?? product.skus[0];
  const currency = priced.currency ?? product.currency ?? areaCurrency;
  return productFromSizes(sizes, {
    // amounts are in the currency's minor unit: 2995 EUR cents, but 2255 yen is 2255 yen
    price: priceFromMinorUnits(priced.cents, currency),
    currency,
    name: product.name,
    imageUrl: product.imageUrl,
  });
}

/** Pure: public_assignSet body → whether a Pop Now draw has boxes left */
export function parsePopmartDraw(body: unknown): { available: number; total: number } {
  const boxes = list(unwrapOrpc(body).boxes).filter(isRecord);
  if (boxes.length === 0) throw unexpected("caixa Pop Now sem `boxes`");
  return {
    available: boxes.filter((b) => text(b.status)?.toLowerCase() === "available").length,
    total: boxes.length,
  };
}

async function rpc(ctx: AdapterContext, procedure: string, input: Json, area: string): Promise<unknown> {
  const url = `${POPMART_EU_API}/rpc/${procedure}`;
  const res = await ctx.http.request({
    url,
    method: "POST",
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "accept-language": "pt-PT,pt;q=0.9,en;q=0.8",
      origin: "https://www.popmart.com",
      referer: "https://www.popmart.com/",
      "x-area": area,
      "x-device-type": "pc",
    },
    body: JSON.stringify({ json: input }),
  });
  // Pop Mart's WAF answers 471 to unsigned calls and 432 without the device header
  if (res.status === 471 || res.status === 432) {
    throw new CheckFailure("blocked", `Bloqueado pela Pop Mart (HTTP ${res.status})`, hostOf(url));
  }
  assertAnswered(res, url);
  return parseJson(res.body);
}

export async function checkPopmart(ctx: AdapterContext): Promise<ProductResult> {
  const ref = popmartRef(ctx.product.url);
  if (!ref) throw unexpected("URL Pop Mart sem id de produto (/products/<id>)");
  const area = (text(ctx.product.config.area) ?? ref.area).toUpperCase();
  const threshold = num(ctx.product.config.lowStockThreshold) ?? DEFAULT_LOW_STOCK;
  if (ref.draw) {
    const draw = parsePopmartDraw(await rpc(ctx, "draw/set/public_assignSet", { spuId: ref.id }, area));
    const available = draw.available > 0;
    return {
      kind: "product",
      status: available ? (draw.available <= threshold ? "low_stock" : "in_stock") : "out_of_stock",
      sizes: [],
      price: null,
      source: "orpc-draw",
      productSignals: { boxes: available },
    };
  }
  const product = parsePopmartFindOne(
    await rpc(ctx, "ec/spu/public_FindOne", { id: ref.id, channel: "shop" }, area),
  );
  if (product.skus.every((s) => s.onlineStock !== undefined)) {
    const units = new Map(product.skus.map((s) => [s.id, s.onlineStock ?? 0]));
    return {
      ...popmartResult(product, units, threshold, countryCurrency(area)),
      source: "orpc-findone-stock",
    };
  }
  try {
    const units = parsePopmartStock(
      await rpc(
        ctx,
        "ec/spu/getStock",
        { spuId: ref.id, skuIds: product.skus.map((s) => s.id), type: "normal" },
        area,
      ),
    );
    return { ...popmartResult(product, units, threshold, countryCurrency(area)), source: "orpc-getstock" };
  } catch (error) {
    if (!(error instanceof CheckFailure) || error.reason !== "unexpected") throw error;
    const rollups = product.skus.filter((s) => s.rollup !== undefined);
    if (rollups.length === 0) throw error;
    const units = new Map(rollups.map((s) => [s.id, s.rollup ?? 0]));
    return {
      ...popmartResult(product, units, threshold, countryCurrency(area)),
      source: "orpc-findone-rollup",
    };
  }
}

export const popmart = definePlatform({
  key: "popmart",
  order: 3,
  label: "Pop Mart",
  sampleUrl: "https://www.popmart.com/pt/products/1991/THE-MONSTERS-Big-into-Energy-Series",
  defaultInterval: 120_000,
  hosts: ["popmart.com"],
  // the first all-digit segment after /products/ or /pop-now/
  idRules: [idInPath(/\/(?:products|pop-now)\/(?:[^/]*\/)*?(\d+)(?:\/|$)/)],
  texts: {
    pt: {
      description: "Caixas surpresa e figuras da Pop Mart (loja europeia)",
      configHelp: 'Opcional: {"lowStockThreshold": 5, "area": "PT"}.',
    },
    en: {
      description: "Pop Mart blind boxes and figures (European store)",
      configHelp: 'Optional: {"lowStockThreshold": 5, "area": "PT"}.',
    },
    es: {
      description: "Cajas sorpresa y figuras de Pop Mart (tienda europea)",
      configHelp: 'Opcional: {"lowStockThreshold": 5, "area": "PT"}.',
    },
  },
  headerProfile: "api",
  check: checkPopmart,
});
