import { afterEach, describe, expect, it } from "vitest";
import { checkCalzedonia, parseCalzedoniaUrl } from "../calzedonia";
import { checkHavaianas, havaianasVariationUrl } from "../havaianas";
import { getAdapter } from "../index";
import { parseSfraVariation, sfraSiteFromPage } from "./sfra";
import { settleVerdict } from "./verdict";
import type { ProductResult } from "../types";
import {
  fixture,
  html,
  json,
  type LocalRetailer,
  productCtx,
  startRetailer,
} from "../testing/local-retailer";

const cal = (name: string) => fixture("calzedonia", name);
const hav = (name: string) => fixture("havaianas", name);
const CAL_URL =
  "https://www.calzedonia.com/pt/product/leggings_active-MIP031.html?dwvar_MIP031_Z_COL_COLLD=019";
const HAV_URL =
  "https://www.havaianas-store.com/pt/pt/havaianas-top-logomania-colors-ii/4147526-INDIGO_BLUE.html";
const calOptions = { sizePattern: /^Z_TAGLIE/i, origin: "https://www.calzedonia.com" };
const havOptions = { sizePattern: /size/i, origin: "https://www.havaianas-store.com" };

describe("SFRA Product-Variation parser", () => {
  it("calzedonia: the Z_TAGLIE attribute's selectable values are the buyable sizes; decimal price", () => {
    const result = parseSfraVariation(JSON.parse(cal("variation-in-stock.json")), calOptions);
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["XS", "S", "L"],
      price: "19.95",
      name: "Leggings Active",
    });
    expect(result.imageUrl).toContain("MIP031_wear_019_F.jpg");
  });

  it("no low-stock reading: one size left is still in_stock", () => {
    const result = parseSfraVariation(JSON.parse(cal("variation-one-left.json")), calOptions);
    expect(result).toMatchObject({ status: "in_stock", sizes: ["M"] });
    expect(result.allSizes?.some((s) => s.lowStock)).toBe(false);
  });

  it("out of stock when no size is selectable", () => {
    expect(parseSfraVariation(JSON.parse(cal("variation-out-of-stock.json")), calOptions).status).toBe(
      "out_of_stock",
    );
    expect(parseSfraVariation(JSON.parse(hav("variation-out-of-stock.json")), havOptions).status).toBe(
      "out_of_stock",
    );
  });

  it("havaianas: the size attribute, relative image URL made absolute", () => {
    const result = parseSfraVariation(JSON.parse(hav("variation-in-stock.json")), havOptions);
    expect(result).toMatchObject({ status: "in_stock", sizes: ["35/36", "39/40", "41/42"], price: "24.00" });
    expect(result.allSizes?.some((s) => s.lowStock)).toBe(false);
    expect(result.imageUrl).toMatch(/^https:\/\/www\.havaianas-store\.com\/dw\/image\//);
  });

  it("a size attribute without values is a failed check, not sold out", () => {
    const body = JSON.parse(cal("variation-in-stock.json"));
    body.product.variationAttributes = body.product.variationAttributes.slice(1);
    body.product.variationAttributes[0].values = [];
    expect(() => parseSfraVariation(body, calOptions)).toThrow(/sem tamanhos/);
  });

  it("a body without variation attributes is a failed check", () => {
    expect(() => parseSfraVariation(JSON.parse(cal("variation-malformed.json")), calOptions)).toThrow(
      /variationAttributes/,
    );
    expect(() => parseSfraVariation(JSON.parse(hav("variation-malformed.json")), havOptions)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
  });

  it("reads site id and locale from asset URLs, skipping /-/default/", () => {
    expect(sfraSiteFromPage(cal("page.html"))).toEqual({ siteId: "calzedonia-pt", locale: "pt_PT" });
    expect(sfraSiteFromPage(hav("page.html"))).toEqual({ siteId: "Havaianas_Europe", locale: "pt_PT" });
  });

  it("picks the swatch data-url of the pasted colour", () => {
    expect(havaianasVariationUrl(hav("page.html"), HAV_URL, "4147526", "INDIGO_BLUE")).toBe(
      "https://www.havaianas-store.com/on/demandware.store/Sites-Havaianas_Europe-Site/pt_PT/Product-Variation?dwvar_4147526_color=INDIGO_BLUE&pid=4147526&quantity=1",
    );
  });

  it("reads PID and colour attribute from the calzedonia URL", () => {
    expect(parseCalzedoniaUrl(CAL_URL)).toMatchObject({
      pid: "MIP031",
      country: "pt",
      colour: ["Z_COL_COLLD", "019"],
    });
  });
});

describe("SFRA check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("calzedonia: page once for the site id, then Product-Variation with the colour", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/pt/product/")) return html(cal("page.html"));
      if (req.path.startsWith("/on/demandware.store/Sites-calzedonia-pt-Site/pt_PT/Product-Variation?")) {
        return json(cal("variation-in-stock.json"));
      }
      return undefined;
    });
    expect(await checkCalzedonia(productCtx(retailer.client, CAL_URL))).toMatchObject({
      status: "in_stock",
      source: "product-variation",
    });
    await checkCalzedonia(productCtx(retailer.client, CAL_URL));
    const paths = retailer.seen.map((r) => r.path);
    expect(paths.filter((p) => p.startsWith("/pt/product/"))).toHaveLength(1);
    const variation = new URL(paths[1], "http://x").searchParams;
    expect(variation.get("pid")).toBe("MIP031");
    expect(variation.get("dwvar_MIP031_Z_COL_COLLD")).toBe("019");
    expect(retailer.seen[1].headers["x-requested-with"]).toBe("XMLHttpRequest");
  });

  it("calzedonia: HTML instead of variation JSON falls back to the page's JSON-LD", async () => {
    retailer = await startRetailer((req) =>
      req.path.includes("Product-Variation") ? html(cal("page.html")) : html(cal("page-out-of-stock.html")),
    );
    const url = "https://www.tezenis.com/pt/product/top-ABC123.html";
    expect(await checkCalzedonia(productCtx(retailer.client, url))).toMatchObject({
      status: "out_of_stock",
      source: "json-ld",
    });
  });

  it("calzedonia: a 403 is a block", async () => {
    retailer = await startRetailer(() => html(cal("blocked-akamai.html"), 403));
    const url = "https://www.intimissimi.com/pt/product/camisola-RID91L.html";
    await expect(checkCalzedonia(productCtx(retailer.client, url))).rejects.toMatchObject({
      reason: "blocked",
    });
  });

  it("havaianas: swatch data-url from the page, then the variation JSON", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/pt/pt/")) return html(hav("page.html"));
      if (req.path.includes("Product-Variation?dwvar_4147526_color=INDIGO_BLUE"))
        return json(hav("variation-in-stock.json"));
      return undefined;
    });
    expect(await checkHavaianas(productCtx(retailer.client, HAV_URL))).toMatchObject({
      status: "in_stock",
      sizes: ["35/36", "39/40", "41/42"],
      source: "product-variation",
    });
  });

  it("havaianas: a malformed variation answer falls back to SFRA JSON-LD (http://schema.org)", async () => {
    retailer = await startRetailer((req) =>
      req.path.includes("Product-Variation") ? json(hav("variation-malformed.json")) : html(hav("page.html")),
    );
    const url = "https://www.havaianas-store.com/pt/pt/havaianas-top/4147526-BLACK.html";
    expect(await checkHavaianas(productCtx(retailer.client, url))).toMatchObject({
      status: "in_stock",
      price: "24.00",
      source: "json-ld",
    });
  });

  it("havaianas: a challenge page is a block", async () => {
    retailer = await startRetailer(() => html(hav("blocked-cloudflare.html")));
    const url = "https://www.havaianas-store.com/pt/pt/havaianas-top/4147526-WHITE.html";
    await expect(checkHavaianas(productCtx(retailer.client, url))).rejects.toMatchObject({
      reason: "blocked",
    });
  });
});

describe("SFRA on real answer shapes", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("selectable:false on every size but orderable/inStock true, IN_STOCK, ATS 38 → in stock, in yen", () => {
    const result = settleVerdict(
      parseSfraVariation(JSON.parse(hav("variation-selectable-false-jpy.json")), havOptions),
    );
    expect(result).toMatchObject({
      status: "in_stock",
      sizes: ["35/36", "37/38", "39/40", "41/42"],
      price: "19800.00",
      currency: "JPY",
    });
    expect("productSignals" in result).toBe(false);
  });

  it("low stock from availability.lowstock ('1 - Low Stock', ATS 1) on the chosen size; a size with 12 units is not low", () => {
    const result = settleVerdict(parseSfraVariation(JSON.parse(cal("variation-low-stock.json")), calOptions));
    expect(result).toMatchObject({ status: "in_stock", sizes: ["M", "L"], currency: "EUR", price: "19.95" });
    if (result.kind !== "product") throw new Error("product expected");
    expect(result.allSizes?.find((s) => s.name === "M")?.lowStock).toBe(true);
    expect(result.allSizes?.find((s) => s.name === "L")?.lowStock).toBeUndefined();
  });

  it("every buyable size low → low_stock", () => {
    const body = JSON.parse(cal("variation-low-stock.json"));
    const sizes = body.product.variationAttributes[1].values;
    for (const v of sizes) if (v.displayValue === "L") v.availability = { lowstock: true, availableQty: 2 };
    expect(settleVerdict(parseSfraVariation(body, calOptions)).status).toBe("low_stock");
  });

  it("each stated quantity counts: onlineInventory or availableQty at or under 3 is low; 0 beside orderable fails", () => {
    const body = () => JSON.parse(cal("variation-low-stock.json"));
    const valueOfL = (b: { product: { variationAttributes: { values: Record<string, unknown>[] }[] } }) =>
      b.product.variationAttributes[1].values[3];
    const sizeL = (b: unknown) =>
      (settleVerdict(parseSfraVariation(b, calOptions)) as ProductResult).allSizes?.find(
        (s) => s.name === "L",
      );
    const onlyInventory = body();
    valueOfL(onlyInventory).availability = { onlineInventory: 2 };
    expect(sizeL(onlyInventory)).toMatchObject({ available: true, lowStock: true });
    const onlyQty = body();
    valueOfL(onlyQty).availability = { availableQty: 3 };
    expect(sizeL(onlyQty)).toMatchObject({ available: true, lowStock: true });
    const plenty = body();
    valueOfL(plenty).availability = { onlineInventory: 4 };
    expect(sizeL(plenty)?.lowStock).toBeUndefined();
    // a threshold of the product's own
    expect(
      (
        settleVerdict(parseSfraVariation(plenty, { ...calOptions, lowStockThreshold: 5 })) as ProductResult
      ).allSizes?.find((s) => s.name === "L"),
    ).toMatchObject({ lowStock: true });
    // "orderable" with no units left: the readings disagree, so no verdict
    const none = body();
    valueOfL(none).availability = { availableQty: 0 };
    expect(() => parseSfraVariation(none, calOptions)).toThrow(/contraditórios em tamanho L/);
  });

  it("a product that says IN_STOCK with every size not orderable is a contradiction, never 'esgotado'", () => {
    expect(() =>
      settleVerdict(parseSfraVariation(JSON.parse(hav("variation-contradictory.json")), havOptions)),
    ).toThrow(
      expect.objectContaining({ reason: "unexpected", message: expect.stringMatching(/disponível/) }),
    );
  });

  it("a size whose orderable and inStock disagree fails the check", () => {
    const body = JSON.parse(hav("variation-selectable-false-jpy.json"));
    body.product.variationAttributes[1].values[0].inStock = false;
    expect(() => parseSfraVariation(body, havOptions)).toThrow(/contraditórios em tamanho 35\/36/);
  });

  it("through the registered adapter: the contradiction fails over HTTP and does not fall back to JSON-LD", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/pt/pt/")) return html(hav("page.html"));
      if (req.path.includes("Product-Variation")) return json(hav("variation-contradictory.json"));
      return undefined;
    });
    const url = "https://www.havaianas-store.com/pt/pt/havaianas-top/4147526-RED.html";
    await expect(getAdapter("havaianas")!.check(productCtx(retailer.client, url))).rejects.toMatchObject({
      reason: "unexpected",
    });
  });

  it("through the registered adapter: the yen answer arrives as JPY", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/pt/")) return html(cal("page.html"));
      if (req.path.includes("Product-Variation")) return json(hav("variation-selectable-false-jpy.json"));
      return undefined;
    });
    const url = "https://www.calzedonia.com/pt/product/leggings-MIP777.html";
    expect(await getAdapter("calzedonia")!.check(productCtx(retailer.client, url))).toMatchObject({
      status: "in_stock",
      price: "19800.00",
      currency: "JPY",
    });
  });
});

describe("SFRA master, standard and other locale shapes", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("a master's own availableQty/onlineInventory 0 is not a sold-out signal: its sizes and ATS say in stock", () => {
    const result = settleVerdict(parseSfraVariation(JSON.parse(cal("variation-master.json")), calOptions));
    expect(result).toMatchObject({ status: "in_stock", sizes: ["S", "M"], price: "19.95", currency: "EUR" });
    if (result.kind !== "product") throw new Error("product expected");
    expect(result.allSizes?.find((s) => s.name === "L")?.available).toBe(false);
    // the same zeros on a variant are its own stock: a contradiction with "In Stock", never a reading
    const variant = JSON.parse(cal("variation-master.json"));
    variant.product.productType = "variant";
    delete variant.product.availability.ATS;
    expect(() => settleVerdict(parseSfraVariation(variant, calOptions))).toThrow(/contraditórios/);
  });

  it("`lowstock` sent as text holding JSON marks the chosen size low", () => {
    const result = parseSfraVariation(JSON.parse(cal("variation-lowstock-string.json")), calOptions);
    expect(result.allSizes?.find((s) => s.name === "M")).toMatchObject({ available: true, lowStock: true });
    expect(result.allSizes?.find((s) => s.name === "S")?.lowStock).toBeUndefined();
  });

  it("`variationAttributes: null` (a standard product) reads as one size", () => {
    expect(
      settleVerdict(parseSfraVariation(JSON.parse(cal("variation-standard-null.json")), calOptions)),
    ).toMatchObject({ status: "in_stock", sizes: ["Tamanho único"], price: "12.95", currency: "EUR" });
    const gone = JSON.parse(cal("variation-standard-null.json"));
    gone.product.available = false;
    gone.product.availability = { status: "NOT_AVAILABLE", ATS: 0 };
    gone.product.availableQty = 0;
    expect(settleVerdict(parseSfraVariation(gone, calOptions))).toMatchObject({ status: "out_of_stock" });
  });

  it("a site whose asset paths carry a language alone (`/es/`) gives its site id and locale", () => {
    const page = `<link href="/on/demandware.static/Sites-calzedonia-es-Site/-/es/v1700000000/css/main.css">`;
    expect(sfraSiteFromPage(page)).toEqual({ siteId: "calzedonia-es", locale: "es" });
  });

  it("over HTTP through the registered adapter: an `es` site's master answer is read from its sizes", async () => {
    retailer = await startRetailer((req) => {
      if (req.path.startsWith("/es/product/"))
        return html(
          `<html><head><link href="/on/demandware.static/Sites-calzedonia-es-Site/-/es/v1/css/x.css"></head></html>`,
        );
      if (req.path.startsWith("/on/demandware.store/Sites-calzedonia-es-Site/es/Product-Variation"))
        return json(cal("variation-master.json"));
      return undefined;
    });
    const url = "https://www.calzedonia.com/es/product/leggings_active-MIP031.html";
    expect(await getAdapter("calzedonia")!.check(productCtx(retailer.client, url))).toMatchObject({
      status: "in_stock",
      sizes: ["S", "M"],
      source: "product-variation",
    });
  });
});
