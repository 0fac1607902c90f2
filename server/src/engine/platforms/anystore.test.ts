import { afterEach, describe, expect, it } from "vitest";
import { anystore, parseAnyStorePage } from "./anystore";
import { CATALOGUE, getAdapter } from "./index";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";
import type { CheckResult } from "./types";

const read = (name: string) => fixture("anystore", name);
let retailer: LocalRetailer;
afterEach(() => retailer?.close());

/** the registered, gated adapter: what the engine, "Testar agora" and the preview run */
const check = (url: string, config: Record<string, unknown> = {}): Promise<CheckResult> =>
  getAdapter("anystore")!.check(productCtx(retailer.client, url, { config }));

describe("'Outra loja' in the catalogue", () => {
  it("takes any public https page that no platform names, and says which platform a known URL is", () => {
    expect(CATALOGUE.platformOfUrl("https://www.casalisboa.pt/candeeiro-lua")).toBe("anystore");
    expect(CATALOGUE.platformOfUrl("https://www.zara.com/pt/pt/casaco-p12345678.html")).toBe("zara");
    expect(CATALOGUE.urlProblem("anystore", "https://www.casalisboa.pt/candeeiro-lua")).toBeNull();
    expect(CATALOGUE.urlProblem("anystore", "https://www.zara.com/pt/pt/casaco-p12345678.html")).toBe(
      "O URL é da plataforma Zara: escolha-a em vez de Outra loja",
    );
    expect(CATALOGUE.urlProblem("anystore", "http://www.casalisboa.pt/x")).toMatch(/só páginas https/);
    expect(CATALOGUE.get("anystore")).toMatchObject({
      defaultInterval: 60_000,
      browser: true,
      label: "Outra loja",
    });
    expect(CATALOGUE.storeName({ platform: "anystore", url: "https://www.casalisboa.pt/x" })).toBe(
      "casalisboa.pt",
    );
    expect(
      CATALOGUE.pageUrl({ platform: "anystore", productId: "x", url: "https://www.casalisboa.pt/x?y=1" }),
    ).toBe("https://www.casalisboa.pt/x?y=1");
    expect(anystore.idFromUrl("https://www.casalisboa.pt/p/candeeiro-lua.html")).toBe("candeeiro-lua");
  });
});

describe("'Outra loja' finds the store's kind by itself (over HTTP)", () => {
  it("a Shopify store: /products/<handle>.js, its currency from the page", async () => {
    retailer = await startRetailer((req) => {
      if (req.path === "/products/rebel-hoodie-black.js")
        return json(fixture("nudeproject", "product-in-stock.json"));
      if (req.path === "/products/rebel-hoodie-black")
        return html(`<script>Shopify.currency = {"active":"GBP","rate":"1.0"};</script>`);
      return undefined;
    });
    const result = await check("https://shop.example.co.uk/products/rebel-hoodie-black");
    expect(result).toMatchObject({
      kind: "product",
      status: "in_stock",
      currency: "GBP",
      source: "shopify-products-js",
    });
    expect(result.kind === "product" && result.cartLinks?.[0]?.url).toMatch(
      /^https:\/\/shop\.example\.co\.uk\/cart\//,
    );
  });

  it("an SFRA site: the page's Sites-<id>-Site/<locale> and the product's Product-Variation (real Patagonia answer, yen)", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/product/")) return html(read("sfra-page.html"));
      if (
        req.path.startsWith(
          "/on/demandware.store/Sites-patagonia-jp-Site/ja_JP/Product-Variation?pid=194187423926",
        )
      )
        return json(fixture("real", "sfra/patagonia-jp-variation-jpy.json"));
      return undefined;
    });
    const result = await check(
      "https://www.patagonia.jp/product/womens-stand-up-canvas-cropped-overalls/194187423926.html",
    );
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["0", "2", "4", "6", "8"],
      price: "19800.00",
      currency: "JPY",
      source: "sfra-product-variation",
    });
    expect(result.kind === "product" && result.allSizes?.find((s) => s.name === "10")?.available).toBe(false);
  });

  it("a JSON-LD page (a /products/ path that is not Shopify falls through to the page)", async () => {
    retailer = await startRetailer((req) =>
      req.path === "/products/headphones" ? html(fixture("jsonld", "product-in-stock.html")) : undefined,
    );
    expect(await check("https://loja.example.pt/products/headphones")).toMatchObject({
      status: "in_stock",
      source: "json-ld",
    });
  });

  it("microdata: an Offer's availability link and price; sold out only where the offer says so", async () => {
    retailer = await startRetailer((req) =>
      html(read(req.path.includes("sol") ? "microdata-out-of-stock.html" : "microdata-in-stock.html")),
    );
    expect(await check("https://www.casalisboa.pt/candeeiro-lua")).toMatchObject({
      status: "in_stock",
      name: "Candeeiro Lua",
      price: "49.90",
      currency: "EUR",
      imageUrl: "https://www.casalisboa.pt/media/candeeiro-lua.jpg",
      source: "microdata",
    });
    expect(await check("https://www.casalisboa.pt/candeeiro-sol")).toMatchObject({
      status: "out_of_stock",
      price: "59.00",
      source: "microdata",
    });
  });

  it("Open Graph alone: product:availability 'out of stock' is read as sold out", async () => {
    retailer = await startRetailer(() => html(read("open-graph.html")));
    expect(await check("https://loja.exemplo.pt/caneca")).toMatchObject({
      status: "out_of_stock",
      price: "14.00",
      currency: "EUR",
      name: "Caneca de grés",
      source: "open-graph",
    });
  });

  it("JSON-LD 'InStock' beside Open Graph 'out of stock' fails as 'formato inesperado'", async () => {
    retailer = await startRetailer(() => html(read("jsonld-vs-og.html")));
    await expect(check("https://loja.exemplo.pt/caneca")).rejects.toMatchObject({
      reason: "unexpected",
      message: expect.stringMatching(/contraditórios/),
    });
  });

  it("a page with nothing readable fails with a message that says so, never a status", async () => {
    retailer = await startRetailer(() => html(read("nothing-readable.html")));
    await expect(check("https://loja.exemplo.pt/camisola")).rejects.toMatchObject({
      reason: "unexpected",
      message:
        "Formato inesperado: a página não tem dados de produto legíveis (Shopify, SFRA, JSON-LD, microdados ou Open Graph)",
    });
  });

  it("a JSON-LD product without availability says that, not 'nothing readable'", () => {
    expect(() => parseAnyStorePage(fixture("jsonld", "no-availability.html"), "https://x.pt/p")).toThrow(
      /JSON-LD sem disponibilidade/,
    );
  });

  it("a bot wall is a block (the browser route's turn), never a status", async () => {
    retailer = await startRetailer(() => html(fixture("jsonld", "blocked-cloudflare.html"), 403));
    await expect(check("https://loja.exemplo.pt/camisola")).rejects.toMatchObject({ reason: "blocked" });
  });
});
