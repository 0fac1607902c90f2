import { afterEach, describe, expect, it } from "vitest";
import { checkHm, hm, hmResult, parseHmAvailability, parseHmPage } from "./hm";
import { fixture, html, json, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";

const read = (name: string) => fixture("hm", name);
const availability = (name: string) => parseHmAvailability(JSON.parse(read(name)));
const ART = "1234567001";

describe("h&m parsers", () => {
  const page = parseHmPage(read("page.html"), ART);

  it("reads size names by SKU, sale price as decimal string, name and https image from the page", () => {
    expect(page.sizes[1]).toEqual({ name: "S", sizeCode: "1234567001002" });
    expect(page).toMatchObject({ name: "Camisola de malha fina", price: "19.99" });
    expect(page.imageUrl).toMatch(/^https:\/\/image\.hm\.com\//);
  });

  it("joins availability to this colour's sizes; fewPieceLeft is low stock", () => {
    const result = hmResult(ART, availability("availability-in-stock.json"), page);
    expect(result).toMatchObject({ status: "in_stock", sizes: ["S", "M", "L"] });
    expect(result.allSizes?.find((s) => s.name === "L")).toMatchObject({ available: true, lowStock: true });
  });

  it("low_stock when the only buyable size is in fewPieceLeft", () => {
    expect(hmResult(ART, availability("availability-low-stock.json"), page)).toMatchObject({
      status: "low_stock",
      sizes: ["M"],
    });
  });

  it("other colours' stock does not count", () => {
    expect(hmResult(ART, availability("availability-out-of-stock.json"), page)).toMatchObject({
      status: "out_of_stock",
      sizes: [],
    });
  });

  it("without the page, labels sizes by their code (degraded mode)", () => {
    expect(hmResult(ART, availability("availability-in-stock.json"), null).sizes).toEqual([
      "002",
      "003",
      "004",
    ]);
  });

  it("bodies without the expected fields are failed checks", () => {
    expect(() => parseHmAvailability(JSON.parse(read("availability-malformed.json")))).toThrow(
      /availability/,
    );
    expect(() => parseHmPage(read("page-without-next-data.html"), ART)).toThrow(/__NEXT_DATA__/);
    expect(() => parseHmPage(read("page.html"), "9999999001")).toThrow(/variação/);
  });

  it("reads the article code", () => {
    expect(hm.idFromUrl("https://www2.hm.com/pt_pt/productpage.1234567001.html")).toBe(ART);
  });
});

describe("h&m check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("page for names (once), ofg for stock", async () => {
    retailer = await startRetailer((req) => {
      if (req.host === "www2.hm.com" && req.path === "/pt_pt/productpage.1234567001.html")
        return html(read("page.html"));
      if (req.host === "ofg.hm.com" && req.path === "/pdh-availability/v1/product/pt/availability/1234567") {
        return json(read("availability-in-stock.json"));
      }
      return undefined;
    });
    const url = "https://www2.hm.com/pt_pt/productpage.1234567001.html";
    expect(await checkHm(productCtx(retailer.client, url))).toMatchObject({
      status: "in_stock",
      source: "ofg-availability",
    });
    await checkHm(productCtx(retailer.client, url));
    expect(retailer.seen.filter((r) => r.host === "www2.hm.com")).toHaveLength(1);
  });

  it("a blocked page degrades to size codes; a malformed ofg answer falls back to the legacy route", async () => {
    retailer = await startRetailer((req) => {
      if (req.host === "www2.hm.com" && req.path.startsWith("/pt_pt/"))
        return html(read("blocked-akamai.html"), 403);
      if (req.host === "ofg.hm.com") return json(read("availability-malformed.json"));
      if (req.path === "/hmwebservices/service/product/pt/availability/7654321.json")
        return json({ availability: ["7654321001003"] });
      return undefined;
    });
    const result = await checkHm(
      productCtx(retailer.client, "https://www2.hm.com/pt_pt/productpage.7654321001.html"),
    );
    expect(result).toMatchObject({ status: "in_stock", sizes: ["003"] });
    expect(result.source).toContain("legacy-availability");
  });

  it("a blocked stock host is a block", async () => {
    retailer = await startRetailer((req) =>
      req.host === "ofg.hm.com" ? { status: 429, body: "" } : html(read("page.html")),
    );
    await expect(
      checkHm(productCtx(retailer.client, "https://www2.hm.com/pt_pt/productpage.1234567001.html")),
    ).rejects.toMatchObject({
      reason: "blocked",
      host: "ofg.hm.com",
    });
  });
});
