/**
 * The adapters on answer shapes seen in real retailer data, each through the registered
 * adapter, so through the verdict gate, over real HTTP against the local stand-in.
 */
import { afterEach, describe, expect, it } from "vitest";
import { getAdapter } from "./index";
import { parseJsonLdProduct } from "./support/jsonld";
import { parseLevisProduct } from "./levis";
import { parseShopifyProductJs } from "./support/shopify";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";
import type { CheckResult, ProductResult } from "./types";
import { agreed, settleVerdict } from "./support/verdict";
import { parseVintedWardrobe } from "./vinted";
import { hmResult, parseHmAvailability, parseHmPage } from "./hm";
import { parseZaraStorefront } from "./zara";

let retailer: LocalRetailer;
afterEach(() => retailer?.close());

const check = (key: string, url: string, config: Record<string, unknown> = {}) =>
  getAdapter(key)!.check(productCtx(retailer.client, url, { config }));
const product = (r: CheckResult): ProductResult => {
  if (r.kind !== "product") throw new Error("product expected");
  return r;
};

describe("the verdict rule", () => {
  it("agreeing readings decide; disagreeing or absent ones fail as 'formato inesperado'", () => {
    expect(agreed("tamanho M", { orderable: true, inStock: true, ATS: undefined })).toBe(true);
    expect(agreed("tamanho M", { orderable: false, inStock: false })).toBe(false);
    expect(() => agreed("tamanho M", { orderable: true, inStock: false })).toThrow(
      expect.objectContaining({ reason: "unexpected", message: expect.stringMatching(/contraditórios/) }),
    );
    expect(() => agreed("tamanho M", { orderable: undefined })).toThrow(/sem indicação de stock/);
  });

  it("an out-of-stock result without any evidence is refused; a price without currency is kept without one", () => {
    const bare: ProductResult = { kind: "product", status: "out_of_stock", sizes: [], price: "10.00" };
    expect(() => settleVerdict(bare)).toThrow(expect.objectContaining({ reason: "unexpected" }));
    const backed = settleVerdict({ ...bare, productSignals: { availability: false } });
    // ISO 4217's "no currency": shown as a bare amount, never as euros
    expect(backed).toMatchObject({ status: "out_of_stock", price: "10.00", currency: "XXX" });
    expect(settleVerdict({ ...bare, currency: "pln", productSignals: { a: false } })).toMatchObject({
      price: "10.00",
      currency: "PLN",
    });
  });
});

describe("Shopify with several options", () => {
  const body = JSON.parse(fixture("nudeproject", "product-three-options.json"));
  const origin = "https://nude-project.com";

  it("labels each variant by the values that vary, so 8 variants keep 8 names and links", () => {
    const result = parseShopifyProductJs(body, { origin, variantId: null });
    expect(result.allSizes?.map((s) => s.name)).toEqual([
      "Preto / 220V / M",
      "Preto / 220V / L",
      "Preto / 110V / M",
      "Preto / 110V / L",
      "Branco / 220V / M",
      "Branco / 220V / L",
      "Branco / 110V / M",
      "Branco / 110V / L",
    ]);
    expect(result.sizes).toEqual([
      "Preto / 220V / M",
      "Preto / 110V / M",
      "Preto / 110V / L",
      "Branco / 220V / L",
    ]);
    const links = result.cartLinks ?? [];
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
    expect(links[0]).toEqual({ size: "Preto / 220V / M", url: `${origin}/cart/45100000000001:1` });
  });

  it("a constant option drops out of the label: colour fixed → 'Voltagem / Tamanho'; only size varies → size", () => {
    const black = {
      ...body,
      variants: body.variants.filter((v: { option1: string }) => v.option1 === "Preto"),
    };
    expect(parseShopifyProductJs(black, { origin, variantId: null }).allSizes?.map((s) => s.name)).toEqual([
      "220V / M",
      "220V / L",
      "110V / M",
      "110V / L",
    ]);
    const one = {
      ...body,
      variants: body.variants.filter(
        (v: { option1: string; option2: string }) => v.option1 === "Preto" && v.option2 === "110V",
      ),
    };
    expect(parseShopifyProductJs(one, { origin, variantId: null }).sizes).toEqual(["M", "L"]);
  });

  it("the existing two-option product still reads sizes only (colour is constant)", () => {
    const two = JSON.parse(fixture("nudeproject", "product-two-options.json"));
    const names = parseShopifyProductJs(two, { origin, variantId: null }).allSizes?.map((s) => s.name) ?? [];
    expect(names.every((n) => !n.includes("/"))).toBe(true);
  });

  it("over HTTP through the registered adapter: status, labels and the store's currency", async () => {
    retailer = await startRetailer((req) => {
      if (req.path === "/products/secador-pro-ionic.js") return json(body);
      if (req.path === "/products/secador-pro-ionic")
        return html(`<script>Shopify.currency = {"active":"EUR","rate":"1.0"};</script>`);
      return undefined;
    });
    const result = product(await check("nudeproject", "https://nude-project.com/products/secador-pro-ionic"));
    expect(result).toMatchObject({ status: "in_stock", price: "89.00", currency: "EUR" });
    expect(result.sizes).toContain("Branco / 220V / L");
  });
});

describe("AliExpress in US dollars", () => {
  it("reads the currency of salePrice rather than assuming euros", async () => {
    retailer = await startRetailer((req) =>
      req.host.startsWith("acs.") ? { body: fixture("aliexpress", "mtop-in-stock-usd.jsonp") } : undefined,
    );
    const result = product(await check("aliexpress", "https://pt.aliexpress.com/item/1005006543210.html"));
    expect(result).toMatchObject({ status: "in_stock", price: "12.34", currency: "USD" });
  });
});

describe("Vinted, both eras", () => {
  const origin = "https://www.vinted.pt";

  it("older objects: is_hidden / is_reserved / is_closed as 0/1 and price as '4,00 €' with price_numeric", () => {
    const items = parseVintedWardrobe(JSON.parse(fixture("vinted", "wardrobe-older-flags.json")), origin);
    expect(items.map((i) => i.title)).toEqual(["Saia plissada", "Sukienka"]);
    expect(items[0]).toMatchObject({ price: "4.00", currency: "EUR", size: "S", brand: "Mango" });
    expect(items[1]).toMatchObject({ price: "45.00", currency: "PLN" });
  });

  it("2025 catalogue items: only is_visible, price {amount, currency_code: PLN}", () => {
    const items = parseVintedWardrobe(JSON.parse(fixture("vinted", "wardrobe-2025-catalogue.json")), origin);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: "5200000001", price: "89.00", currency: "PLN", size: "M" });
  });

  it("an item with no listing flag at all fails the check instead of being dropped or announced", () => {
    const body = { items: [{ id: 1, title: "?", price: { amount: "1.0", currency_code: "EUR" } }] };
    expect(() => parseVintedWardrobe(body, origin)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
  });

  it("over HTTP: PLN prices keep their currency through the gate", async () => {
    retailer = await startRetailer((req) => {
      if (req.path === "/") return html("<html><body>Vinted</body></html>");
      if (req.path.startsWith("/api/v2/users/")) return json(fixture("vinted", "user-active.json"));
      if (req.path.startsWith("/api/v2/wardrobe/"))
        return json(fixture("vinted", "wardrobe-2025-catalogue.json"));
      return undefined;
    });
    const result = await check("vinted", "https://www.vinted.pl/member/12345678-utilizador");
    if (result.kind !== "profile") throw new Error("profile expected");
    expect(result.items).toEqual([expect.objectContaining({ price: "89.00", currency: "PLN" })]);
  });
});

describe("Pop Mart skus[].stock.onlineStock", () => {
  const findOne = fixture("popmart", "findone-online-stock.json");

  it("reads per-SKU online stock and currency from FindOne, without a getStock call", async () => {
    retailer = await startRetailer((req) =>
      req.path.includes("public_FindOne") ? json(findOne) : undefined,
    );
    const result = product(await check("popmart", "https://www.popmart.com/pt/products/1991/THE-MONSTERS"));
    expect(result).toMatchObject({
      status: "low_stock",
      sizes: ["Conjunto completo"],
      price: "107.40",
      currency: "SGD",
      source: "orpc-findone-stock",
    });
    expect(retailer.seen.some((r) => r.path.includes("getStock"))).toBe(false);
  });

  it("a SKU missing from getStock is not read as sold out: the FindOne rollup answers instead", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.includes("public_FindOne")) return json(fixture("popmart", "findone.json"));
      if (req.path.includes("getStock")) return json({ json: { stock: { "3013": 4 } } });
      return undefined;
    });
    expect(product(await check("popmart", "https://www.popmart.com/pt/products/1991/x"))).toMatchObject({
      source: "orpc-findone-rollup",
      currency: "EUR",
    });
  });
});

describe("Zara page shapes", () => {
  const URL = "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017";

  it("window.zara.viewPayload = window.zara.dataLayer: the product under productGroups[0].products", async () => {
    retailer = await startRetailer(() => html(fixture("zara", "page-datalayer.html")));
    const result = product(await check("zara", URL));
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["S", "M"],
      price: "29.95",
      currency: "EUR",
      source: "page-payload",
    });
  });

  it("no payload: the JSON-LD ProductGroup's hasVariant sizes answer before giving up", async () => {
    retailer = await startRetailer(() => html(fixture("zara", "page-json-ld-group.html")));
    const result = product(await check("zara", URL));
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["S", "M"],
      currency: "EUR",
      source: "json-ld",
    });
    expect(result.allSizes?.map((s) => s.name)).toEqual(["XS", "S", "M", "L", "XL"]);
  });
});

describe("JSON-LD ProductGroup with several colours", () => {
  it("a size sold out in one colour and in stock in another is buyable, and the verdict agrees", () => {
    const variant = (size: string, color: string, availability: string) => ({
      "@type": "Product",
      size,
      color,
      offers: {
        "@type": "Offer",
        price: "29.95",
        priceCurrency: "EUR",
        availability: `https://schema.org/${availability}`,
      },
    });
    const group = {
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "CAMISOLA",
      hasVariant: [
        variant("M", "Preto", "OutOfStock"),
        variant("L", "Preto", "OutOfStock"),
        variant("M", "Branco", "InStock"),
      ],
    };
    const page = `<script type="application/ld+json">${JSON.stringify(group)}</script>`;
    const result = settleVerdict(parseJsonLdProduct(page, "https://www.zara.com/pt/pt/x-p01234567.html"));
    expect(result).toMatchObject({ status: "in_stock", sizes: ["M"], currency: "EUR" });
  });
});

describe("every adapter passes the gate", () => {
  it("JSON-LD: the offer's priceCurrency is kept (GBP), not dropped nor shown as euros", async () => {
    const page = `<html><head><script type="application/ld+json">${JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "X",
      offers: {
        "@type": "Offer",
        price: "10",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
      },
    })}</script></head></html>`;
    retailer = await startRetailer(() => html(page));
    expect(product(await check("jsonld", "https://shop.example.pt/p/1"))).toMatchObject({
      status: "in_stock",
      price: "10.00",
      currency: "GBP",
    });
  });

  it("Fnac and Worten answers carry their evidence and euros", async () => {
    retailer = await startRetailer((req) =>
      req.host.includes("fnac")
        ? html(fixture("fnac", "page-new-out-of-stock.html"))
        : html(fixture("worten", "page-dom-out-of-stock.html")),
    );
    expect(product(await check("fnac", "https://www.fnac.pt/Produto/a123456"))).toMatchObject({
      status: "out_of_stock",
    });
    expect(product(await check("worten", "https://www.worten.pt/produtos/tv-123456"))).toMatchObject({
      status: "out_of_stock",
    });
  });

  it("H&M through the gate: sizes and euros", async () => {
    retailer = await startRetailer((req) => {
      if (req.host === "www2.hm.com") return html(fixture("hm", "page.html"));
      if (req.host === "ofg.hm.com") return json(fixture("hm", "availability-in-stock.json"));
      return undefined;
    });
    expect(product(await check("hm", "https://www2.hm.com/pt_pt/productpage.1234567001.html"))).toMatchObject(
      {
        status: "in_stock",
        currency: "EUR",
      },
    );
  });

  it("Levi's: a size without a known stockLevelStatus fails instead of reading 'esgotado'; currencyIso kept", () => {
    const body = JSON.parse(fixture("levis", "graphql-in-stock.json"));
    expect(parseLevisProduct(body, "https://www.levi.com")).toMatchObject({ currency: "EUR" });
    delete body.data.product.variantOptions[0].stock.stockLevelStatus;
    expect(() => parseLevisProduct(body, "https://www.levi.com")).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
  });
});

/**
 * The gate sees only what an adapter hands it: an adapter that reads a missing or unknown value as
 * "not buyable" would pass a false "esgotado" through with evidence it made up. Each adapter that
 * reads per-size values therefore fails on a value it cannot read.
 */
describe("no false 'esgotado' from a value an adapter cannot read", () => {
  const ZARA_URL = "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017";
  const zaraSoldOut = () => JSON.parse(fixture("zara", "storefront-out-of-stock.json"));

  it("Zara: an availability Zara is not known to send fails the check instead of reading 'esgotado'", () => {
    const body = zaraSoldOut();
    body.sizes[1].availability = "in_stock_online";
    expect(() => parseZaraStorefront(body)).toThrow(
      expect.objectContaining({ reason: "unexpected", message: expect.stringMatching(/in_stock_online/) }),
    );
    // the known values still decide
    expect(parseZaraStorefront(zaraSoldOut())).toMatchObject({ status: "out_of_stock", sizes: [] });
  });

  it("Zara: a size row without availability fails rather than being left out of the verdict", () => {
    const body = zaraSoldOut();
    delete body.sizes[0].availability;
    expect(() => parseZaraStorefront(body)).toThrow(expect.objectContaining({ reason: "unexpected" }));
  });

  it("Zara over HTTP: the storefront's unknown value fails through the registered adapter", async () => {
    const body = zaraSoldOut();
    body.sizes[2].availability = "available_soon_online";
    retailer = await startRetailer((req) => (req.path.includes("/api/storefront/") ? json(body) : undefined));
    await expect(check("zara", ZARA_URL, { storeId: "11000" })).rejects.toMatchObject({
      reason: "unexpected",
    });
  });

  const group = (availabilities: (string | undefined)[]) => {
    const page = {
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "T-shirt",
      hasVariant: availabilities.map((availability, i) => ({
        "@type": "Product",
        size: ["S", "M", "L"][i],
        offers: {
          "@type": "Offer",
          price: "12.00",
          priceCurrency: "EUR",
          ...(availability ? { availability: `https://schema.org/${availability}` } : {}),
        },
      })),
    };
    return `<script type="application/ld+json">${JSON.stringify(page)}</script>`;
  };

  it("JSON-LD: sold-out variants beside one without availability fail; beside one in stock they read", () => {
    const PAGE = "https://loja.example.pt/p/t";
    expect(() => parseJsonLdProduct(group(["OutOfStock", undefined, "OutOfStock"]), PAGE)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => parseJsonLdProduct(group(["OutOfStock", "Bogus", "SoldOut"]), PAGE)).toThrow(
      /nenhuma disponível/,
    );
    expect(parseJsonLdProduct(group(["OutOfStock", undefined, "InStock"]), PAGE)).toMatchObject({
      status: "in_stock",
      sizes: ["L"],
    });
    expect(parseJsonLdProduct(group(["OutOfStock", "OutOfStock", "SoldOut"]), PAGE).status).toBe(
      "out_of_stock",
    );
  });

  it("H&M: stock for SKUs of this colour the page does not list is no evidence that the page's sizes sold out", () => {
    const page = parseHmPage(fixture("hm", "page.html"), "1234567001");
    // the page's codes in another form than the stock answer's: nothing would match
    const renamed = { ...page, sizes: page.sizes.map((s) => ({ ...s, sizeCode: s.sizeCode.slice(10) })) };
    const stock = parseHmAvailability(JSON.parse(fixture("hm", "availability-in-stock.json")));
    expect(() => hmResult("1234567001", stock, renamed)).toThrow(
      expect.objectContaining({ reason: "unexpected", message: expect.stringMatching(/1234567001002/) }),
    );
    // other colours' stock alone is still a real "esgotado" for this one
    const others = parseHmAvailability(JSON.parse(fixture("hm", "availability-out-of-stock.json")));
    expect(hmResult("1234567001", others, page)).toMatchObject({ status: "out_of_stock" });
  });
});
