import { describe, expect, it } from "vitest";
import { formatMoney } from "@common/money";
import { createFormatter } from "@common/format";
import { afterEach } from "vitest";
import { getAdapter } from "../index";
import { parseJsonLdProduct } from "./jsonld";
import { parsePopmartFindOne, popmartResult } from "../popmart";
import { parseZaraStorefront } from "../zara";
import { countryCurrency, currencyStatedByPage, minorUnitDigits, priceFromMinorUnits } from "./currency";
import { fixture, json, type LocalRetailer, productCtx, startRetailer } from "../testing/local-retailer";

let retailer: LocalRetailer;
afterEach(() => retailer?.close());

describe("minor units by ISO 4217", () => {
  it("0 decimals for JPY and KRW, 2 for EUR, 3 for KWD; an unknown code counts cents", () => {
    expect([
      minorUnitDigits("JPY"),
      minorUnitDigits("krw"),
      minorUnitDigits("EUR"),
      minorUnitDigits("KWD"),
    ]).toEqual([0, 0, 2, 3]);
    expect(minorUnitDigits("ZZZ")).toBe(2);
    expect(priceFromMinorUnits(2255, "JPY")).toBe("2255.00");
    expect(priceFromMinorUnits(2995, "EUR")).toBe("29.95");
    expect(priceFromMinorUnits("12345", "KWD")).toBe("12.35");
    expect(priceFromMinorUnits(12.5, "EUR")).toBeNull();
  });

  it("Pop Mart Japan: 2255 yen stays 2255 yen (it was read as 22,55)", () => {
    const body = JSON.parse(fixture("popmart", "findone.json"));
    body.json.currency = "JPY";
    for (const sku of body.json.skus) sku.price = 2255;
    const product = parsePopmartFindOne(body);
    const units = new Map(product.skus.map((s) => [s.id, 9]));
    expect(popmartResult(product, units, 5)).toMatchObject({ price: "2255.00", currency: "JPY" });
    // no currency in the answer: the URL's area says it
    delete body.json.currency;
    expect(popmartResult(parsePopmartFindOne(body), units, 5, "JPY")).toMatchObject({ price: "2255.00" });
  });
});

/** the storefront answer without any stated currency, as the US store's answers come */
const zaraWithoutCurrency = () =>
  JSON.parse(fixture("zara", "storefront-in-stock.json"), (key, value) =>
    key === "currency" ? undefined : value,
  );

describe("the currency the store states", () => {
  it("from the page: Shopify.currency.active, og:price:currency, microdata, JSON-LD; none or several → none", () => {
    expect(currencyStatedByPage(`<script>Shopify.currency = {"active":"INR","rate":"1.0"};</script>`)).toBe(
      "INR",
    );
    expect(currencyStatedByPage(`<meta property="og:price:currency" content="GBP">`)).toBe("GBP");
    expect(currencyStatedByPage(`<meta itemprop="priceCurrency" content="usd" />`)).toBe("USD");
    expect(currencyStatedByPage(`{"priceCurrency": "JPY"}`)).toBe("JPY");
    expect(currencyStatedByPage("<html></html>")).toBeUndefined();
    expect(currencyStatedByPage(`{"priceCurrency":"EUR"} {"priceCurrency":"USD"}`)).toBeUndefined();
  });

  it("Zara: the storefront states amounts only; the URL's country names the currency (US store → USD)", () => {
    const body = zaraWithoutCurrency();
    expect(parseZaraStorefront(body, countryCurrency("us"))).toMatchObject({
      price: "29.95",
      currency: "USD",
    });
    expect(parseZaraStorefront(body, countryCurrency("pt"))).toMatchObject({ currency: "EUR" });
    expect(parseZaraStorefront(body, countryCurrency("zz")).currency).toBeUndefined();
  });

  it("Zara over HTTP: the US store's answer reads dollars", async () => {
    retailer = await startRetailer((req) =>
      req.path.includes("/api/storefront/") ? json(zaraWithoutCurrency()) : undefined,
    );
    const url = "https://www.zara.com/us/en/dress-p06050324.html?v1=517756017";
    expect(
      await getAdapter("zara")!.check(productCtx(retailer.client, url, { config: { storeId: "11719" } })),
    ).toMatchObject({
      price: "29.95",
      currency: "USD",
    });
  });

  it("JSON-LD without priceCurrency takes the page's og:price:currency; with none the amount has no currency", () => {
    const page = (head: string) =>
      `<html><head>${head}<script type="application/ld+json">${JSON.stringify({
        "@type": "Product",
        name: "Kurta",
        offers: { "@type": "Offer", price: "949.00", availability: "https://schema.org/InStock" },
      })}</script></head></html>`;
    expect(
      parseJsonLdProduct(page(`<meta property="og:price:currency" content="INR">`), "https://x.in/p"),
    ).toMatchObject({ price: "949.00", currency: "INR" });
    expect(parseJsonLdProduct(page(""), "https://x.in/p").currency).toBeUndefined();
  });
});

describe("an amount without a currency is written bare", () => {
  it("NO_CURRENCY (XXX) is a plain number in every language; a stated currency keeps its sign", () => {
    expect(formatMoney("949.00", "XXX")).toBe("949,00");
    expect(formatMoney("949.00", "INR")).toMatch(/₹/);
    const f = createFormatter({ language: "en", timezone: "Europe/Lisbon", currency: "EUR" });
    expect(f.price("1949.5", "XXX")).toBe("1,949.50");
    expect(f.price("2255.00", "JPY")).toMatch(/2,255/);
  });
});
