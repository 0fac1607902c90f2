import { afterEach, describe, expect, it } from "vitest";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";
import { parseJsonLdProduct } from "./support/jsonld";
import { CheckFailure } from "./types";
import { checkZara, parseZaraPage, parseZaraStorefront, parseZaraUrl } from "./zara";

const read = (name: string) => fixture("zara", name);
const URL_V1 = "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017&v2=2723387";

describe("zara parsers", () => {
  it("maps in_stock and low_on_stock to buyable, back_soon and coming_soon to not buyable, cents to euros", () => {
    const result = parseZaraStorefront(JSON.parse(read("storefront-in-stock.json")));
    expect(result.status).toBe("in_stock");
    expect(result.sizes).toEqual(["S", "M"]);
    expect(result.allSizes?.find((s) => s.name === "M")).toEqual({
      name: "M",
      available: true,
      lowStock: true,
    });
    expect(result.allSizes?.filter((s) => !s.available).map((s) => s.name)).toEqual(["XS", "L", "XL"]);
    expect(result.price).toBe("29.95");
    expect(result.imageUrl).toMatch(/^https:\/\/static\.zara\.net\//);
  });

  it("reports low_stock when only low_on_stock sizes remain", () => {
    const result = parseZaraStorefront(JSON.parse(read("storefront-low-stock.json")));
    expect(result.status).toBe("low_stock");
    expect(result.sizes).toEqual(["M"]);
  });

  it("reports out_of_stock when nothing is buyable now (back_soon is not stock)", () => {
    const result = parseZaraStorefront(JSON.parse(read("storefront-out-of-stock.json")));
    expect(result.status).toBe("out_of_stock");
    expect(result.sizes).toEqual([]);
  });

  it("treats a body without sizes as a failed check, never as sold out", () => {
    expect(() => parseZaraStorefront(JSON.parse(read("storefront-malformed.json")))).toThrow(CheckFailure);
    expect(() => parseZaraStorefront([])).toThrow(/Formato inesperado/);
  });

  it("reads the page's viewPayload for the pasted colour and the app shell's store id", () => {
    const { result, storeId } = parseZaraPage(read("page-in-stock.html"), "517756017");
    expect(storeId).toBe("10701");
    expect(result.name).toBe("VESTIDO STRETCH CAICAI");
    expect(result.sizes).toEqual(["S", "M"]);
    expect(result.price).toBe("29.95");
    expect(result.imageUrl).toContain("06050324800-e1.jpg");
    expect(parseZaraPage(read("page-in-stock.html"), "517756018").result.sizes).toEqual(["S"]);
  });

  it("a v1 missing from the answer fails the check instead of reading the first colour as the watched one", () => {
    expect(() => parseZaraPage(read("page-in-stock.html"), "999999999")).toThrow(
      expect.objectContaining({ reason: "unexpected", message: expect.stringMatching(/cor pedida/) }),
    );
    expect(() => parseZaraPage(read("page-datalayer.html"), "999999999")).toThrow(/cor pedida/);
    // a URL without v1 reads the page's own (first) colour
    expect(parseZaraPage(read("page-in-stock.html"), null).result.sizes).toEqual(
      parseZaraPage(read("page-in-stock.html"), "517756018").result.sizes,
    );
  });

  it("rejects a page without payload", () => {
    expect(() => parseZaraPage(read("page-without-payload.html"), null)).toThrow(/viewPayload/);
  });

  it("reads v1 and the SEO reference from the URL", () => {
    expect(parseZaraUrl(URL_V1)).toMatchObject({
      v1: "517756017",
      reference: "06050324",
      country: "pt",
      language: "pt",
    });
    expect(parseZaraUrl("https://www.zara.com/pt/pt/casaco-p12345678.html")).toMatchObject({ v1: null });
  });
});

describe("zara check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("uses the storefront API with the configured store id", async () => {
    retailer = await startRetailer((req) =>
      req.path === "/api/storefront/1/stores/10701/products/id/517756017"
        ? json(read("storefront-low-stock.json"))
        : undefined,
    );
    const result = await checkZara(productCtx(retailer.client, URL_V1, { config: { storeId: 10701 } }));
    expect(result).toMatchObject({
      status: "low_stock",
      sizes: ["M"],
      price: "29.95",
      source: "storefront-api",
    });
    expect(retailer.seen).toHaveLength(1);
    expect(retailer.seen[0].host).toBe("www.zara.com");
    expect(retailer.seen[0].headers.accept).toContain("application/json");
  });

  it("without a store id reads the page, learns the store id, then uses the storefront API", async () => {
    const url = "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017&learn=1";
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/pt/pt/vestido")) return html(read("page-in-stock.html"));
      if (req.path === "/api/storefront/1/stores/10701/products/id/517756017")
        return json(read("storefront-out-of-stock.json"));
      return undefined;
    });
    const first = await checkZara(productCtx(retailer.client, url));
    expect(first).toMatchObject({ status: "in_stock", source: "page-payload" });
    const second = await checkZara(productCtx(retailer.client, url));
    expect(second).toMatchObject({ status: "out_of_stock", source: "storefront-api" });
    expect(retailer.seen.map((r) => r.path.split("?")[0])).toEqual([
      "/pt/pt/vestido-stretch-caicai-p06050324.html",
      "/api/storefront/1/stores/10701/products/id/517756017",
    ]);
  });

  it("resolves a URL without v1 through the reference search", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/itxrest/1/search/store/10701/reference?reference=06050324&locale=pt_PT")) {
        return json(read("reference.json"));
      }
      if (req.path === "/api/storefront/1/stores/10701/products/id/517756017")
        return json(read("storefront-in-stock.json"));
      return undefined;
    });
    const result = await checkZara(
      productCtx(retailer.client, "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html", {
        config: { storeId: "10701" },
      }),
    );
    expect(result).toMatchObject({ status: "in_stock", sizes: ["S", "M"] });
  });

  it("an Akamai deny page is a block, not a status", async () => {
    retailer = await startRetailer(() => html(read("blocked-akamai.html"), 403));
    await expect(
      checkZara(productCtx(retailer.client, URL_V1, { config: { storeId: 10701 } })),
    ).rejects.toMatchObject({
      reason: "blocked",
      host: "www.zara.com",
    });
  });

  it("an Akamai interstitial served with 200 is a block too", async () => {
    retailer = await startRetailer(() => html(read("blocked-interstitial.html")));
    await expect(checkZara(productCtx(retailer.client, `${URL_V1}&i=1`))).rejects.toMatchObject({
      reason: "blocked",
    });
  });

  it("over HTTP: a v1 that neither the payload nor the JSON-LD group has fails on every route", async () => {
    // another country's path: no store id learnt by the tests above, so the page is the first route
    const other = "https://www.zara.com/es/es/vestido-stretch-caicai-p06050324.html?v1=999999999";
    retailer = await startRetailer(() => html(read("page-in-stock.html")));
    await expect(checkZara(productCtx(retailer.client, other))).rejects.toMatchObject({
      reason: "unexpected",
      message: expect.stringMatching(/cor pedida/),
    });
    await retailer.close();
    retailer = await startRetailer(() => html(read("page-json-ld-group.html")));
    await expect(checkZara(productCtx(retailer.client, `${other}&g=1`))).rejects.toMatchObject({
      reason: "unexpected",
    });
    expect(() =>
      parseJsonLdProduct(read("page-json-ld-group.html"), other, {
        variantParam: { name: "v1", value: "999999999" },
      }),
    ).toThrow(/cor pedida não está na resposta \(v1=999999999\)/);
  });

  it("falls back to the page when the storefront answers oddly", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/api/storefront")) return json(read("storefront-malformed.json"));
      return html(read("page-in-stock.html"));
    });
    const result = await checkZara(productCtx(retailer.client, URL_V1, { config: { storeId: 10701 } }));
    expect(result).toMatchObject({ status: "in_stock", source: "page-payload" });
  });
});
