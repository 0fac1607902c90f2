/**
 * Levi's (docs/platforms.md). The product page is not the stock source: the "stock URL" is the
 * GraphQL endpoint `POST /nextgen-webhooks/?operationName=product&locale=<CC>-<ll_CC>`, derived from the
 * pasted page URL (country and locale from the path, code after `/p/`) unless config.stockUrl is set.
 * `stockLevelStatus` lowStock is the low-stock signal. Fallback: the page's JSON-LD.
 * Uncertain: the PT-pt_PT locale and x-country/x-locale values (inferred), reachability past Akamai.
 */
import { assertAnswered, parseJson, unexpected } from "./support/blocks";
import { fetchPage } from "./support/fetch-page";
import { jsonLdAdapter } from "./support/jsonld";
import { absoluteUrl, at, isRecord, list, record, text } from "./support/json";
import { decimalText } from "./support/money";
import { countryCurrency } from "./support/currency";
import { productFromSizes, withoutUndefined } from "./support/result";
import { firstAnswer } from "./support/check-routes";
import { definePlatform } from "./support/define-platform";
import { idInPath, urlOnHosts } from "@common/platforms";
import { type AdapterContext, CheckFailure, type ProductResult, type SizeInfo } from "./types";
import { parsePage } from "../parse/pool.js";

const PRODUCT_QUERY = `query product($code: String!) {
  product(code: $code) {
    name code colorName comingSoon soldOutForever backOrder preOrder
    price { value formattedValue currencyIso }
    galleryImageList { galleryImage { url format imageType } }
    variantOptions { code displaySizeDescription priceData { value formattedValue currencyIso } stock { stockLevel stockLevelStatus } }
  }
}`;

export interface LevisRef {
  origin: string;
  country: string;
  locale: string;
  code: string;
  stockUrl: string;
}

/** "https://www.levi.com/PT/pt_PT/…/p/005010114" → the code and its stock URL */
export function levisRef(pageUrl: string, configuredStockUrl?: string): LevisRef | null {
  try {
    const parsed = new URL(pageUrl);
    const code = levis.idFromUrl(pageUrl);
    if (!code) return null;
    const localeMatch = /^\/([A-Z]{2})\/([a-z]{2}_[A-Z]{2})\//i.exec(parsed.pathname);
    const country = (localeMatch?.[1] ?? "PT").toUpperCase();
    const locale = localeMatch?.[2] ?? "pt_PT";
    const stockUrl =
      configuredStockUrl ??
      `${parsed.origin}/nextgen-webhooks/?operationName=product&locale=${country}-${locale}`;
    return { origin: parsed.origin, country, locale, code, stockUrl };
  } catch {
    return null;
  }
}

/** Pure: GraphQL body → result */
export function parseLevisProduct(body: unknown, origin: string, country?: string): ProductResult {
  if (list(at(body, "errors")).length > 0 && !at(body, "data.product")) {
    const message = text(at(body, "errors.0.message")) ?? "erro GraphQL";
    if (/not ?found|unknown product/i.test(message))
      throw new CheckFailure("not_found", "Produto não encontrado");
    throw unexpected(`GraphQL da Levi's respondeu: ${message}`);
  }
  const product = record(at(body, "data.product"));
  if (!product || !Array.isArray(product.variantOptions))
    throw unexpected("produto Levi's sem `variantOptions`");
  const closed = product.comingSoon === true || product.soldOutForever === true;
  const variants = product.variantOptions.filter(isRecord);
  const sizes: SizeInfo[] = variants.map((v) => {
    const status = text(at(v, "stock.stockLevelStatus"));
    const name = text(v.displaySizeDescription) ?? text(v.code) ?? "?";
    const buyable = status ? LEVIS_STATUS[status] : undefined;
    // a size without a status we know is not evidence of anything
    if (!closed && buyable === undefined) throw unexpected(`tamanho ${name} sem stockLevelStatus conhecido`);
    const low = !closed && status === "lowStock";
    return {
      name,
      available: !closed && buyable === true,
      ...(low ? { lowStock: true } : {}),
      ...(text(v.code) ? { variantId: text(v.code) } : {}),
    };
  });
  const buyable = variants.find((_v, i) => sizes[i].available);
  const gallery = list(at(product, "galleryImageList.galleryImage")).filter(isRecord);
  return productFromSizes(sizes, {
    ...levisPrice(buyable, product, countryCurrency(country)),
    name: text(product.name),
    imageUrl: absoluteUrl(gallery[0]?.url, origin),
  });
}

/** the stated `currencyIso`, else the currency of the URL's country (PT → EUR, GB → GBP) */
function levisPrice(
  variant: unknown,
  product: unknown,
  countryDefault: string | undefined,
): { price: string | null; currency?: string } {
  for (const node of [at(variant, "priceData"), at(product, "price")]) {
    const price = decimalText(at(node, "value"));
    if (price !== null)
      return withoutUndefined({ price, currency: text(at(node, "currencyIso")) ?? countryDefault });
  }
  return { price: null };
}

const LEVIS_STATUS: Record<string, boolean> = { inStock: true, lowStock: true, outOfStock: false };

export async function checkLevis(ctx: AdapterContext): Promise<ProductResult> {
  const configured = text(ctx.product.config.stockUrl);
  // rows saved before the rule: a stock URL off Levi's hosts is never fetched
  if (configured && !urlOnHosts(configured, levis.hosts))
    throw unexpected("stockUrl da configuração fora dos domínios da Levi's");
  const ref = levisRef(ctx.product.url, configured);
  if (!ref) throw unexpected("URL Levi's sem código de produto (/p/<código>)");
  const { value, source } = await firstAnswer<ProductResult>([
    {
      name: "graphql",
      run: async () => {
        const res = await ctx.http.request({
          url: ref.stockUrl,
          method: "POST",
          headers: {
            accept: "application/json",
            "content-type": "application/json",
            origin: ref.origin,
            referer: ctx.product.url,
            "x-brand": "levi",
            "x-country": ref.country,
            "x-locale": ref.locale,
            "x-operationname": "product",
          },
          body: JSON.stringify({
            operationName: "product",
            variables: { code: ref.code },
            query: PRODUCT_QUERY,
          }),
        });
        assertAnswered(res, ref.stockUrl);
        return parseLevisProduct(parseJson(res.body), ref.origin, ref.country);
      },
    },
    {
      name: "json-ld",
      run: async () =>
        parsePage(jsonLdAdapter, [await fetchPage(ctx, ctx.product.url), ctx.product.url], ctx.signal),
    },
  ]);
  return { ...value, source };
}

export const levis = definePlatform({
  key: "levis",
  order: 10,
  label: "Levi's",
  sampleUrl: "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114",
  defaultInterval: 60_000,
  hosts: ["levi.com"],
  idRules: [idInPath(/\/p\/([A-Za-z0-9]+)\/?$/)],
  configUrlKeys: ["stockUrl"],
  texts: {
    pt: {
      description: "Produtos da Levi's Portugal; o URL de stock é derivado da página",
      configHelp:
        'Opcional: {"stockUrl": "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"}.',
    },
    en: {
      description: "Levi's Portugal products; the stock URL is derived from the page",
      configHelp:
        'Optional: {"stockUrl": "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"}.',
    },
    es: {
      description: "Productos de Levi's Portugal; la URL de stock se obtiene de la página",
      configHelp:
        'Opcional: {"stockUrl": "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"}.',
    },
  },
  headerProfile: "api",
  check: checkLevis,
});
