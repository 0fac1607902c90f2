import { afterEach, describe, expect, it } from "vitest";
import { availabilityIsBuyable, checkJsonLd, parseJsonLdProduct } from "./jsonld";
import { fixture, html, type LocalRetailer, productCtx, startRetailer } from "../testing/local-retailer";

const read = (name: string) => fixture("jsonld", name);
const PAGE = "https://loja.example.pt/p/auscultadores-x";

describe("json-ld parser", () => {
  it("reads availability values as full URLs (http or https) or bare names", () => {
    expect(availabilityIsBuyable("https://schema.org/InStock")).toBe(true);
    expect(availabilityIsBuyable("http://schema.org/OutOfStock")).toBe(false);
    expect(availabilityIsBuyable("LimitedAvailability")).toBe(true);
    expect(availabilityIsBuyable("https://schema.org/PreOrder")).toBe(false);
    expect(availabilityIsBuyable("https://schema.org/SoldOut")).toBe(false);
    expect(availabilityIsBuyable("Bogus")).toBeUndefined();
  });

  it("finds a Product inside @graph, with an ImageObject and a numeric price", () => {
    const result = parseJsonLdProduct(read("product-in-stock.html"), PAGE);
    expect(result).toMatchObject({
      status: "in_stock",
      price: "129.90",
      name: "Auscultadores X",
      imageUrl: "https://loja.example.pt/media/auscultadores-x.jpg",
      source: "json-ld",
    });
  });

  it("reads AggregateOffer with nested offers and a comma price; never low_stock", () => {
    const result = parseJsonLdProduct(read("product-limited.html"), PAGE);
    expect(result.status).toBe("in_stock");
    expect(result.price).toBe("99.90");
  });

  it("turns ProductGroup variants into sizes and skips a broken block", () => {
    const result = parseJsonLdProduct(read("product-group.html"), PAGE);
    expect(result.status).toBe("in_stock");
    expect(result.sizes).toEqual(["M"]);
    expect(result.allSizes?.map((s) => s.name)).toEqual(["S", "M", "L"]);
    expect(result.imageUrl).toBe("https://cdn.loja.pt/tshirt.jpg");
  });

  it("out of stock when no offer is buyable (pre-orders included)", () => {
    expect(parseJsonLdProduct(read("product-out-of-stock.html"), PAGE).status).toBe("out_of_stock");
    expect(parseJsonLdProduct(read("product-preorder.html"), PAGE).status).toBe("out_of_stock");
  });

  it("a page without JSON-LD or without availability is a failed check", () => {
    expect(() => parseJsonLdProduct(read("no-json-ld.html"), PAGE)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
    expect(() => parseJsonLdProduct(read("no-availability.html"), PAGE)).toThrow(/disponibilidade/);
  });
});

describe("json-ld check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("fetches the page as HTML and parses it", async () => {
    retailer = await startRetailer((req) =>
      req.path === "/p/auscultadores-x" ? html(read("product-in-stock.html")) : undefined,
    );
    expect(await checkJsonLd(productCtx(retailer.client, PAGE))).toMatchObject({
      status: "in_stock",
      price: "129.90",
    });
    expect(retailer.seen[0].headers.accept).toContain("text/html");
  });

  it("a challenge page is a block", async () => {
    retailer = await startRetailer(() => html(read("blocked-cloudflare.html"), 503));
    await expect(checkJsonLd(productCtx(retailer.client, PAGE))).rejects.toMatchObject({ reason: "blocked" });
  });
});
