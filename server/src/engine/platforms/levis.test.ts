import { afterEach, describe, expect, it } from "vitest";
import { checkLevis, levisRef, parseLevisProduct } from "./levis";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";

const read = (name: string) => fixture("levis", name);
const body = (name: string) => JSON.parse(read(name));
const PAGE = "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114";
const ORIGIN = "https://www.levi.com";

describe("levi's parser", () => {
  it("inStock and lowStock are buyable, lowStock is low, outOfStock is not; decimal prices", () => {
    const result = parseLevisProduct(body("graphql-in-stock.json"), ORIGIN);
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["30W X 32L", "31W X 32L", "33W X 32L"],
      price: "119.95",
    });
    expect(result.allSizes?.[1]).toMatchObject({ name: "31W X 32L", available: true, lowStock: true });
    expect(result.allSizes?.[2]).toMatchObject({ available: false });
    expect(result.imageUrl).toContain("scene7.com");
  });

  it("low_stock when only lowStock sizes remain", () => {
    expect(parseLevisProduct(body("graphql-low-stock.json"), ORIGIN)).toMatchObject({
      status: "low_stock",
      sizes: ["31W X 32L", "32W X 32L"],
    });
  });

  it("out of stock, and soldOutForever makes every size unbuyable", () => {
    expect(parseLevisProduct(body("graphql-out-of-stock.json"), ORIGIN).status).toBe("out_of_stock");
    expect(parseLevisProduct(body("graphql-sold-out-forever.json"), ORIGIN)).toMatchObject({
      status: "out_of_stock",
      sizes: [],
    });
  });

  it("GraphQL errors and a product without variants are failed checks", () => {
    expect(() => parseLevisProduct(body("graphql-errors.json"), ORIGIN)).toThrow(/Internal server error/);
    expect(() => parseLevisProduct(body("graphql-malformed.json"), ORIGIN)).toThrow(/variantOptions/);
  });

  it("derives the stock URL from the page URL, or takes the configured one", () => {
    expect(levisRef(PAGE)).toMatchObject({
      code: "005010114",
      country: "PT",
      locale: "pt_PT",
      stockUrl: "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT",
    });
    expect(levisRef(PAGE, "https://www.levi.com/other/?x=1")?.stockUrl).toBe(
      "https://www.levi.com/other/?x=1",
    );
    expect(levisRef("https://www.levi.com/PT/pt_PT/")).toBeNull();
  });
});

describe("levi's check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("POSTs the product query to the derived stock URL with the locale headers", async () => {
    retailer = await startRetailer((req) =>
      req.method === "POST" && req.path === "/nextgen-webhooks/?operationName=product&locale=PT-pt_PT"
        ? json(read("graphql-in-stock.json"))
        : undefined,
    );
    const result = await checkLevis(productCtx(retailer.client, PAGE));
    expect(result).toMatchObject({ status: "in_stock", source: "graphql" });
    const [req] = retailer.seen;
    expect(JSON.parse(req.body)).toMatchObject({
      operationName: "product",
      variables: { code: "005010114" },
    });
    expect(JSON.parse(req.body).query).toContain("stockLevelStatus");
    expect(req.headers).toMatchObject({
      "x-country": "PT",
      "x-locale": "pt_PT",
      "content-type": "application/json",
    });
  });

  it("uses config.stockUrl when given", async () => {
    retailer = await startRetailer((req) =>
      req.path === "/custom/stock?locale=PT-pt_PT" ? json(read("graphql-low-stock.json")) : undefined,
    );
    const result = await checkLevis(
      productCtx(retailer.client, PAGE, {
        config: { stockUrl: "https://www.levi.com/custom/stock?locale=PT-pt_PT" },
      }),
    );
    expect(result.status).toBe("low_stock");
  });

  it("step two: an odd stock answer falls back to the page's JSON-LD", async () => {
    retailer = await startRetailer((req) =>
      req.method === "POST" ? json(read("graphql-errors.json")) : html(read("page.html")),
    );
    const result = await checkLevis(productCtx(retailer.client, PAGE));
    expect(result).toMatchObject({ status: "in_stock", price: "119.95", source: "json-ld" });
    expect(retailer.seen.map((r) => r.method)).toEqual(["POST", "GET"]);
  });

  it("an Akamai 403 on the stock URL is a block and the page is not tried", async () => {
    retailer = await startRetailer(() => html(read("blocked-akamai.html"), 403));
    await expect(checkLevis(productCtx(retailer.client, PAGE))).rejects.toMatchObject({
      reason: "blocked",
      host: "www.levi.com",
    });
    expect(retailer.seen).toHaveLength(1);
  });
});
