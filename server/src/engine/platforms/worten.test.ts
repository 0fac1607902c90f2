import { afterEach, describe, expect, it } from "vitest";
import { fixture, html, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";
import { settleProduct } from "./support/verdict";
import { checkWorten, parseWortenDom, parseWortenPage, worten, wortenBuyBoxSignal } from "./worten";

const read = (name: string) => fixture("worten", name);
const PAGE = "https://www.worten.pt/produtos/consola-ps5-slim-7196053";

describe("worten parsers", () => {
  it("JSON-LD first: InStock with name, price and image", () => {
    expect(parseWortenPage(read("page-in-stock.html"), PAGE)).toMatchObject({
      status: "in_stock",
      price: "549.99",
      name: "Consola PS5 Slim Standard (1 TB)",
      source: "json-ld",
    });
  });

  it("JSON-LD OutOfStock", () => {
    expect(parseWortenPage(read("page-out-of-stock.html"), PAGE).status).toBe("out_of_stock");
  });

  it("without JSON-LD reads the buy box: an enabled 'Adicionar ao carrinho' is in stock", () => {
    expect(parseWortenPage(read("page-dom-in-stock.html"), PAGE)).toMatchObject({
      status: "in_stock",
      price: "549.99",
      name: "Consola PS5 Slim Standard (1 TB)",
      source: "page-dom",
    });
  });

  it("'Indisponível' with a disabled button is out of stock", () => {
    expect(parseWortenDom(read("page-dom-out-of-stock.html"), PAGE).status).toBe("out_of_stock");
  });

  it("never reports low_stock: no quantities are exposed", () => {
    for (const name of ["page-in-stock.html", "page-dom-in-stock.html"]) {
      expect(parseWortenPage(read(name), PAGE).status).not.toBe("low_stock");
    }
  });

  it("a page with neither signal is a failed check", () => {
    expect(() => parseWortenPage(read("page-malformed.html"), PAGE)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
  });

  it("reads the 7-digit id or the marketplace EAN", () => {
    expect(worten.idFromUrl(PAGE)).toBe("7196053");
    expect(worten.idFromUrl("https://www.worten.pt/produtos/coluna-mrkean-6939554948749")).toBe(
      "6939554948749",
    );
  });
});

describe("worten check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("reads the product page", async () => {
    retailer = await startRetailer((req) =>
      req.path === "/produtos/consola-ps5-slim-7196053" ? html(read("page-in-stock.html")) : undefined,
    );
    expect(await checkWorten(productCtx(retailer.client, PAGE))).toMatchObject({
      status: "in_stock",
      sizes: [],
      source: "json-ld",
    });
  });

  it("Cloudflare's 'Um momento…' page is a block even with status 200", async () => {
    retailer = await startRetailer(() => html(read("blocked-cloudflare.html")));
    await expect(checkWorten(productCtx(retailer.client, PAGE))).rejects.toMatchObject({
      reason: "blocked",
      host: "www.worten.pt",
    });
  });
});

describe("worten buy box scope", () => {
  it("a related product's buy button outside the buy box does not make a sold-out product in stock", () => {
    const page = fixture("worten", "page-dom-out-of-stock.html").replace(
      "</main>",
      '<section class="related"><button type="button">Adicionar ao carrinho</button></section></main>',
    );
    expect(parseWortenDom(page, PAGE).status).toBe("out_of_stock");
  });
});

describe("worten buy box unavailability (a real 2026 outlet page, __fixtures__/real/worten/)", () => {
  const UNAVAILABLE_BOX =
    '<div class="add-to-cart--buy-box add-to-cart add-to-cart--unavailability" data-v-6b7f12e3=""><!--[--><!-- --><!--]--></div>';
  const withBox = (name: string) => read(name).replace("</main>", `${UNAVAILABLE_BOX}</main>`);

  it("the modifier is sold-out evidence; a page without it says nothing", () => {
    expect(wortenBuyBoxSignal(UNAVAILABLE_BOX)).toBe(false);
    expect(wortenBuyBoxSignal(read("page-in-stock.html"))).toBeUndefined();
    expect(wortenBuyBoxSignal('<div class="add-to-cart--buy-box add-to-cart"></div>')).toBeUndefined();
  });

  it("JSON-LD InStock beside it is a contradiction at the verdict gate, never 'disponível'", () => {
    const result = parseWortenPage(withBox("page-in-stock.html"), PAGE);
    expect(result.productSignals).toEqual({
      "offers.availability": true,
      "add-to-cart--unavailability": false,
    });
    expect(() => settleProduct(result)).toThrow(/sinais contraditórios/);
  });

  it("JSON-LD OutOfStock beside it agrees: out of stock", () => {
    expect(settleProduct(parseWortenPage(withBox("page-out-of-stock.html"), PAGE)).status).toBe(
      "out_of_stock",
    );
  });

  it("without JSON-LD the box alone is read as out of stock; beside an enabled buy button it contradicts", () => {
    const bare = `<html><body><main><h1>TV</h1>${UNAVAILABLE_BOX}</main></body></html>`;
    expect(settleProduct(parseWortenDom(bare, PAGE)).status).toBe("out_of_stock");
    expect(() => settleProduct(parseWortenPage(withBox("page-dom-in-stock.html"), PAGE))).toThrow(
      /sinais contraditórios/,
    );
  });
});
