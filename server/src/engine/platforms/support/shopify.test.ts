import { getAdapter } from "../index";
import { afterEach, describe, expect, it } from "vitest";
import { nudeproject } from "../nudeproject";
import { checkShopify, parseShopifyProductJs, shopifyProductRef } from "./shopify";
import {
  fixture,
  html,
  json,
  type LocalRetailer,
  productCtx,
  startRetailer,
} from "../testing/local-retailer";

const read = (name: string) => fixture("nudeproject", name);
const ORIGIN = "https://nudeproject.com";
const body = (name: string) => JSON.parse(read(name));

describe("shopify parser", () => {
  it("per-variant availability, cents to euros, protocol-relative image, cart links per available size", () => {
    const result = parseShopifyProductJs(body("product-in-stock.json"), { origin: ORIGIN, variantId: null });
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["S", "L", "XL"],
      price: "69.90",
      name: "REBEL HOODIE BLACK",
      imageUrl: "https://nudeproject.com/cdn/shop/files/rebel-hoodie-black-1.jpg?v=1767000000",
    });
    expect(result.cartLinks).toEqual([
      { size: "S", url: "https://nudeproject.com/cart/41000000000002:1" },
      { size: "L", url: "https://nudeproject.com/cart/41000000000004:1" },
      { size: "XL", url: "https://nudeproject.com/cart/41000000000005:1" },
    ]);
  });

  it("never reports low_stock, however few sizes remain", () => {
    const oneLeft = body("product-out-of-stock.json");
    oneLeft.variants[2].available = true;
    const result = parseShopifyProductJs(oneLeft, { origin: ORIGIN, variantId: null });
    expect(result.status).toBe("in_stock");
    expect(result.allSizes?.some((s) => s.lowStock)).toBe(false);
  });

  it("out of stock when no variant is available", () => {
    const result = parseShopifyProductJs(body("product-out-of-stock.json"), {
      origin: ORIGIN,
      variantId: null,
    });
    expect(result).toMatchObject({ status: "out_of_stock", sizes: [], cartLinks: [] });
  });

  it("labels sizes with the size option when there are several options", () => {
    const result = parseShopifyProductJs(body("product-two-options.json"), {
      origin: ORIGIN,
      variantId: null,
    });
    expect(result.sizes).toEqual(["XS", "M", "XL"]);
  });

  it("watches only the pasted ?variant=", () => {
    const result = parseShopifyProductJs(body("product-in-stock.json"), {
      origin: ORIGIN,
      variantId: "41000000000003",
    });
    expect(result).toMatchObject({
      status: "out_of_stock",
      allSizes: [{ name: "M", available: false, variantId: "41000000000003" }],
    });
  });

  it("a product without variants is a failed check", () => {
    expect(() =>
      parseShopifyProductJs(body("product-malformed.json"), { origin: ORIGIN, variantId: null }),
    ).toThrow(/Formato inesperado/);
  });

  it("reads handle, locale prefix and variant from URL forms", () => {
    expect(
      shopifyProductRef(
        "https://nudeproject.com/pt/collections/hoodies/products/rebel-hoodie-black?variant=41",
      ),
    ).toEqual({
      origin: ORIGIN,
      localePrefix: "/pt",
      handle: "rebel-hoodie-black",
      variantId: "41",
    });
    expect(shopifyProductRef("https://nudeproject.com/collections/all")).toBeNull();
  });
});

describe("shopify check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("nudeproject: GET /products/<handle>.js keeping the locale prefix", async () => {
    retailer = await startRetailer((req) => {
      if (req.path === "/pt/products/rebel-hoodie-black.js") return json(read("product-in-stock.json"));
      if (req.path === "/pt/products/rebel-hoodie-black") return html(read("page.html"));
      return undefined;
    });
    const url = "https://nudeproject.com/pt/collections/hoodies/products/rebel-hoodie-black";
    const result = await nudeproject.check(productCtx(retailer.client, url));
    expect(result).toMatchObject({
      kind: "product",
      status: "in_stock",
      source: "products-js",
      currency: "EUR",
    });
    // the store's currency is read from its page once; the next check asks only the Ajax endpoint
    await nudeproject.check(productCtx(retailer.client, url));
    expect(retailer.seen.map((r) => `${r.host}${r.path}`)).toEqual([
      "nudeproject.com/pt/products/rebel-hoodie-black.js",
      "nudeproject.com/pt/products/rebel-hoodie-black",
      "nudeproject.com/pt/products/rebel-hoodie-black.js",
    ]);
  });

  it("a store in rupees reads rupees from Shopify.currency; a store that states none shows a bare amount", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.endsWith(".js")) return json(read("product-in-stock.json"));
      if (req.host === "rupees.example.in")
        return html(`<script>Shopify.currency = {"active":"INR","rate":"1.0"};</script>`);
      return html("<html><body>no currency here</body></html>");
    });
    const inr = await checkShopify(productCtx(retailer.client, "https://rupees.example.in/products/kurta"));
    expect(inr).toMatchObject({ currency: "INR" });
    const bare = await getAdapter("shopify")!.check(
      productCtx(retailer.client, "https://unstated.example.com/products/kurta"),
    );
    expect(bare).toMatchObject({ kind: "product", currency: "XXX" });
    expect(bare.kind === "product" && bare.price).toMatch(/^\d+\.\d{2}$/);
  });

  it("a password page instead of JSON falls back to the page's JSON-LD", async () => {
    retailer = await startRetailer((req) =>
      req.path.endsWith(".js") ? html(read("password-page.html")) : html(read("page.html")),
    );
    const result = await checkShopify(
      productCtx(retailer.client, "https://nudeproject.com/products/rebel-hoodie-black"),
    );
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["S", "L", "XL"],
      price: "69.90",
      source: "json-ld",
    });
  });

  it("a Cloudflare challenge stops the check as blocked, without trying the page", async () => {
    retailer = await startRetailer(() => html(read("blocked-cloudflare.html"), 403));
    await expect(
      checkShopify(productCtx(retailer.client, "https://nudeproject.com/products/rebel-hoodie-black")),
    ).rejects.toMatchObject({
      reason: "blocked",
      host: "nudeproject.com",
    });
    expect(retailer.seen).toHaveLength(1);
  });

  it("a removed handle is not_found", async () => {
    retailer = await startRetailer(() => undefined);
    await expect(
      checkShopify(productCtx(retailer.client, "https://nudeproject.com/products/gone")),
    ).rejects.toMatchObject({
      reason: "not_found",
    });
  });
});

describe("a Shopify collection searched (products.json): the currency of its amounts", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  const productsJson = {
    products: [
      {
        id: 1,
        title: "Tee",
        handle: "tee",
        published_at: "2024-04-11T19:34:25+02:00",
        vendor: "NUDE PROJECT",
        variants: [{ id: 11, title: "M", option1: "M", available: true, price: "70.00" }],
        images: [],
      },
    ],
  };
  const search = (url: string, config: Record<string, unknown> = {}) =>
    nudeproject.check(productCtx(retailer.client, url, { config }));

  it("the searched page's Shopify.currency names it, read once a day per store", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/collections/new-in/products.json")) return json(productsJson);
      if (req.path === "/collections/new-in")
        return html(`<script>Shopify.currency = {"active":"EUR","rate":"1.0"};</script>`);
      return undefined;
    });
    const url = "https://eu-shop.nude-project.com/collections/new-in";
    expect(await search(url)).toMatchObject({ kind: "search", items: [{ price: "70.00", currency: "EUR" }] });
    await search(url);
    expect(retailer.seen.filter((r) => r.path === "/collections/new-in")).toHaveLength(1);
  });

  it("a page that states none leaves bare amounts, never euros by guess; config.currency names it", async () => {
    retailer = await startRetailer((req) =>
      req.path.startsWith("/products.json") ? json(productsJson) : html("<html><body>Shop</body></html>"),
    );
    expect(await search("https://unstated.nude-project.com/")).toMatchObject({
      items: [{ price: "70.00", currency: "XXX" }],
    });
    expect(await search("https://configured.nude-project.com/", { currency: "usd" })).toMatchObject({
      items: [{ price: "70.00", currency: "USD" }],
    });
  });
});
