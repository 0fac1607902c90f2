import { afterEach, describe, expect, it } from "vitest";
import {
  checkPopmart,
  parsePopmartDraw,
  parsePopmartFindOne,
  parsePopmartStock,
  popmartRef,
  popmartResult,
} from "./popmart";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";

const read = (name: string) => fixture("popmart", name);
const body = (name: string) => JSON.parse(read(name));
const URL_PT = "https://www.popmart.com/pt/products/1991/THE-MONSTERS-Big-into-Energy-Series";

describe("pop mart parsers", () => {
  const product = parsePopmartFindOne(body("findone.json"));

  it("reads SKUs with Portuguese names and prices in cents", () => {
    expect(product.name).toContain("THE MONSTERS");
    expect(product.skus.map((s) => s.name)).toEqual(["Caixa individual", "Conjunto completo"]);
  });

  it("units above the threshold are in stock, at or under it low", () => {
    const result = popmartResult(product, parsePopmartStock(body("stock-in-stock.json")), 5);
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["Caixa individual", "Conjunto completo"],
      price: "22.00",
    });
    expect(result.allSizes?.[1]).toMatchObject({ lowStock: true });
  });

  it("low_stock when every buyable SKU is at or under the threshold", () => {
    const result = popmartResult(product, parsePopmartStock(body("stock-low-stock.json")), 5);
    expect(result).toMatchObject({ status: "low_stock", sizes: ["Caixa individual"] });
  });

  it("out_of_stock at zero units; a future sale start is not buyable either", () => {
    expect(popmartResult(product, parsePopmartStock(body("stock-out-of-stock.json")), 5).status).toBe(
      "out_of_stock",
    );
    const soon = parsePopmartFindOne(body("findone-coming-soon.json"));
    expect(soon.comingSoon).toBe(true);
    expect(popmartResult(soon, parsePopmartStock(body("stock-in-stock.json")), 5).status).toBe(
      "out_of_stock",
    );
  });

  it("an empty stock map, an error code or an unpublished product is a failed check", () => {
    expect(() => parsePopmartStock(body("stock-empty.json"))).toThrow(/vazio/);
    expect(() => parsePopmartFindOne(body("error-code.json"))).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => parsePopmartFindOne(body("findone-unpublished.json"))).toThrow(
      expect.objectContaining({ reason: "not_found" }),
    );
  });

  it("counts available Pop Now boxes", () => {
    expect(parsePopmartDraw(body("draw.json"))).toEqual({ available: 6, total: 8 });
  });

  it("reads id and area from either path order", () => {
    expect(popmartRef(URL_PT)).toEqual({ id: "1991", area: "PT", draw: false });
    expect(popmartRef("https://www.popmart.com/en-PH/products/SLUG/77")).toEqual({
      id: "77",
      area: "PH",
      draw: false,
    });
    expect(popmartRef("https://www.popmart.com/pt/pop-now/box-set/slug/245")).toEqual({
      id: "245",
      area: "PT",
      draw: true,
    });
  });
});

describe("pop mart check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("POSTs FindOne then getStock to the EU host with an uppercase x-area", async () => {
    retailer = await startRetailer((req) => {
      if (req.host !== "prod-uk-online-api.popmart.com" || req.method !== "POST") return undefined;
      if (req.path === "/rpc/ec/spu/public_FindOne") return json(read("findone.json"));
      if (req.path === "/rpc/ec/spu/getStock") return json(read("stock-low-stock.json"));
      return undefined;
    });
    const result = await checkPopmart(productCtx(retailer.client, URL_PT));
    expect(result).toMatchObject({ status: "low_stock", source: "orpc-getstock" });
    expect(JSON.parse(retailer.seen[0].body)).toEqual({ json: { id: "1991", channel: "shop" } });
    expect(JSON.parse(retailer.seen[1].body)).toEqual({
      json: { spuId: "1991", skuIds: ["3012", "3013"], type: "normal" },
    });
    expect(retailer.seen[0].headers).toMatchObject({ "x-area": "PT", "x-device-type": "pc" });
  });

  it("an empty getStock falls back to the FindOne rollup", async () => {
    retailer = await startRetailer((req) =>
      req.path.endsWith("public_FindOne") ? json(read("findone.json")) : json(read("stock-empty.json")),
    );
    expect(await checkPopmart(productCtx(retailer.client, URL_PT))).toMatchObject({
      status: "low_stock",
      sizes: ["Conjunto completo"],
      source: "orpc-findone-rollup",
    });
  });

  it("the WAF's HTTP 471 is a block on the API host", async () => {
    retailer = await startRetailer(() => json({ code: 471 }, 471));
    await expect(checkPopmart(productCtx(retailer.client, URL_PT))).rejects.toMatchObject({
      reason: "blocked",
      host: "prod-uk-online-api.popmart.com",
    });
  });

  it("a challenge page is a block", async () => {
    retailer = await startRetailer(() => html(read("blocked-cloudflare.html"), 403));
    await expect(checkPopmart(productCtx(retailer.client, URL_PT))).rejects.toMatchObject({
      reason: "blocked",
    });
  });
});
