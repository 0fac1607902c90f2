/**
 * H&M (docs/platforms.md). Stock: `ofg.hm.com/pdh-availability/v1/product/<cc>/availability/<7
 * digits>` (outside www2's Akamai), then the legacy `hmwebservices` route; both list buyable 13-digit
 * SKUs and the `fewPieceLeft` subset (low stock). Size names, price and image come from the page's
 * `__NEXT_DATA__`, cached for a day because they rarely change. If the page is blocked the check still
 * answers from the SKU lists alone, with size codes as labels (degraded mode).
 * Uncertain: the `pt` country code for ofg (inferred), the `__NEXT_DATA__` paths.
 */
import { countryCurrency } from "./support/currency";
import { assertAnswered, parseJson, unexpected } from "./support/blocks";
import { scriptById } from "./support/embedded-json";
import { fetchPage } from "./support/fetch-page";
import { at, isRecord, list, record, text } from "./support/json";
import { decimalText } from "./support/money";
import { productFromSizes } from "./support/result";
import { firstAnswer } from "./support/check-routes";
import { DAY_MS, TtlCache } from "./support/ttl-cache";
import { definePlatform } from "./support/define-platform";
import { idInPath } from "@common/platforms";
import { type AdapterContext, CheckFailure, type ProductResult, type SizeInfo } from "./types";
import { parsePage } from "../parse/pool.js";

export interface HmPage {
  name?: string;
  price: string | null;
  imageUrl?: string;
  sizes: { name: string; sizeCode: string }[];
}

const pages = new TtlCache<HmPage>(DAY_MS);

export interface HmAvailability {
  available: Set<string>;
  fewPieceLeft: Set<string>;
}

/** Pure: availability body (ofg or legacy) → the sets of buyable and low SKUs */
export function parseHmAvailability(body: unknown): HmAvailability {
  if (!isRecord(body) || !Array.isArray(body.availability))
    throw unexpected("disponibilidade H&M sem `availability`");
  return {
    available: new Set(body.availability.map(String)),
    fewPieceLeft: new Set(list(body.fewPieceLeft).map(String)),
  };
}

/** Pure: product page HTML → names of sizes by SKU, price (decimal string), name, image */
export function parseHmPage(html: string, articleCode: string): HmPage {
  const raw = scriptById(html, "__NEXT_DATA__");
  if (!raw) throw unexpected("página H&M sem __NEXT_DATA__");
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw unexpected("__NEXT_DATA__ da H&M inválido");
  }
  const props = at(data, "props.pageProps.productPageProps");
  const details = record(at(props, "aemData.productArticleDetails"));
  const variation = record(record(details?.variations)?.[articleCode]);
  if (!details || !variation) throw unexpected(`página H&M sem a variação ${articleCode}`);
  const sizes = list(variation.sizes)
    .filter(isRecord)
    .map((s) => ({ name: text(s.name) ?? text(s.size) ?? "", sizeCode: text(s.sizeCode) ?? "" }))
    .filter((s) => s.name && s.sizeCode);
  const og = /<meta[^>]+property=["']og:image["'][^>]+content=["']([^"']+)["']/i.exec(html)?.[1];
  return {
    name: text(details.productName) ?? text(variation.name),
    price:
      decimalText(variation.redPriceValue ?? details.redPriceValue) ??
      decimalText(variation.whitePriceValue ?? details.whitePriceValue),
    imageUrl: og?.startsWith("//") ? `https:${og}` : og,
    sizes,
  };
}

/** Pure: join the SKU sets to the size names of one colour (article) */
export function hmResult(
  articleCode: string,
  availability: HmAvailability,
  page: HmPage | null,
  /** the currency of the store's country (the URL's `pt_pt`); the page states amounts only */
  currency: string | undefined = "EUR",
): ProductResult {
  const sizeOf = (code: string, name: string): SizeInfo => {
    const low = availability.fewPieceLeft.has(code);
    return { name, available: low || availability.available.has(code), ...(low ? { lowStock: true } : {}) };
  };
  if (page && page.sizes.length > 0) {
    const sizes = page.sizes.map((s) => sizeOf(s.sizeCode, s.name));
    // stock for a SKU of this colour the page does not list: the two answers do not describe the same
    // sizes, so "none of the page's sizes is listed" is no evidence of "esgotado"
    const known = new Set(page.sizes.map((s) => s.sizeCode));
    const stranger = [...availability.available, ...availability.fewPieceLeft].find(
      (sku) => sku.startsWith(articleCode) && !known.has(sku),
    );
    if (stranger && !sizes.some((s) => s.available)) {
      throw unexpected(`a H&M tem stock do SKU ${stranger}, que a página não lista`);
    }
    return productFromSizes(sizes, {
      price: page.price,
      currency,
      name: page.name,
      imageUrl: page.imageUrl,
    });
  }
  // degraded: only this article's SKUs, labelled by their 3-digit size code
  const codes = [...availability.available].filter((sku) => sku.startsWith(articleCode));
  return productFromSizes(
    codes.map((code) => sizeOf(code, code.slice(10))),
    { price: null },
  );
}

export async function checkHm(ctx: AdapterContext): Promise<ProductResult> {
  const articleCode = hm.idFromUrl(ctx.product.url);
  if (!articleCode) throw unexpected("URL H&M sem código de artigo (productpage.<10 dígitos>.html)");
  const country = (
    text(ctx.product.config.country) ??
    /\/([a-z]{2})_([a-z]{2})\//i.exec(ctx.product.url)?.[2] ??
    "pt"
  ).toLowerCase();
  const productId = articleCode.slice(0, 7);

  const page = await sizeMap(ctx, articleCode);
  const fetchAvailability = async (url: string) => {
    const res = await ctx.http.request({ url, headers: { accept: "application/json" } });
    assertAnswered(res, url);
    return parseHmAvailability(parseJson(res.body));
  };
  const { value, source } = await firstAnswer([
    {
      name: "ofg-availability",
      run: () =>
        fetchAvailability(
          `https://ofg.hm.com/pdh-availability/v1/product/${country}/availability/${productId}`,
        ),
    },
    {
      name: "legacy-availability",
      run: () =>
        fetchAvailability(
          `https://www2.hm.com/hmwebservices/service/product/${country}/availability/${productId}.json`,
        ),
    },
  ]);
  return {
    ...hmResult(articleCode, value, page, countryCurrency(country)),
    source: page ? source : `${source} (sem nomes de tamanhos)`,
  };
}

async function sizeMap(ctx: AdapterContext, articleCode: string): Promise<HmPage | null> {
  const cached = pages.get(articleCode);
  if (cached) return cached;
  try {
    const page = await parsePage(hm, [await fetchPage(ctx, ctx.product.url), articleCode], ctx.signal);
    pages.set(articleCode, page);
    return page;
  } catch (error) {
    // the size names are a nicety; stock comes from another host that may still answer
    if (error instanceof CheckFailure && error.reason !== "timeout" && error.reason !== "network")
      return null;
    throw error;
  }
}

export const hm = definePlatform({
  key: "hm",
  order: 4,
  label: "H&M",
  sampleUrl: "https://www2.hm.com/pt_pt/productpage.1234567001.html",
  defaultInterval: 75_000,
  hosts: ["hm.com"],
  browser: true,
  idRules: [idInPath(/productpage\.(\d{10})\.html$/i)],
  texts: {
    pt: {
      description: "Produtos da H&M Portugal por tamanho",
      configHelp: 'Opcional: {"country": "pt"}.',
    },
    en: {
      description: "H&M Portugal products by size",
      configHelp: 'Optional: {"country": "pt"}.',
    },
    es: {
      description: "Productos de H&M Portugal por talla",
      configHelp: 'Opcional: {"country": "pt"}.',
    },
  },
  headerProfile: "page",
  pageParser: parseHmPage,
  check: checkHm,
});
