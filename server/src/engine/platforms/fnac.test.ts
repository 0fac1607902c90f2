import { afterEach, describe, expect, it } from "vitest";
import { checkFnac, fnac, fnacSignals, parseFnacPage } from "./fnac";
import { fixture, html, type LocalRetailer, productCtx, startRetailer } from "./testing/local-retailer";

const read = (name: string) => fixture("fnac", name);
const PAGE = "https://www.fnac.pt/Consola-Sony-PlayStation-5-Edicao-Standard-Consola-Consola/a8081172";

describe("fnac parsers", () => {
  it("OLD template in stock: CEDDL in-stock, seller Fnac, class available", () => {
    expect(fnacSignals(read("page-old-in-stock.html"))).toMatchObject({
      availabilityType: "in-stock",
      sellerType: "fnac",
      oldTemplate: "available",
      buyButton: true,
    });
    expect(parseFnacPage(read("page-old-in-stock.html"), PAGE, false)).toMatchObject({
      status: "in_stock",
      price: "549.99",
      name: "Consola Sony PlayStation 5 Edição Standard",
    });
  });

  it("ignores JSON-LD availability: LimitedAvailability on a sold-out page stays out of stock", () => {
    expect(read("page-old-out-of-stock.html")).toContain("LimitedAvailability");
    expect(parseFnacPage(read("page-old-out-of-stock.html"), PAGE, false).status).toBe("out_of_stock");
  });

  it("NEW template: unescapes the embedded JSON and reads availabilityType next to availabilityID", () => {
    expect(fnacSignals(read("page-new-out-of-stock.html")).availabilityType).toBe("sold-out");
    expect(parseFnacPage(read("page-new-out-of-stock.html"), PAGE, false).status).toBe("out_of_stock");
    expect(parseFnacPage(read("page-new-in-stock.html"), PAGE, false).status).toBe("in_stock");
  });

  it("marketplace offers count unless fnacOnly; click-and-collect only is never buyable online", () => {
    expect(parseFnacPage(read("page-old-marketplace.html"), PAGE, false).status).toBe("in_stock");
    expect(parseFnacPage(read("page-old-marketplace.html"), PAGE, true).status).toBe("out_of_stock");
    expect(parseFnacPage(read("page-old-click-collect.html"), PAGE, false).status).toBe("out_of_stock");
  });

  it("never reports low_stock", () => {
    for (const name of ["page-old-in-stock.html", "page-new-in-stock.html", "page-old-marketplace.html"]) {
      expect(parseFnacPage(read(name), PAGE, false).status).not.toBe("low_stock");
    }
  });

  it("contradicting signals, or none, are a failed check", () => {
    expect(() => parseFnacPage(read("page-contradictory.html"), PAGE, false)).toThrow(/contraditórios/);
    expect(() => parseFnacPage(read("page-malformed.html"), PAGE, false)).toThrow(
      expect.objectContaining({ reason: "unexpected" }),
    );
  });

  it("reads the article id", () => {
    expect(fnac.idFromUrl(PAGE)).toBe("8081172");
    expect(fnac.idFromUrl("https://www.fnac.pt/mp12345678/consola")).toBe("12345678");
  });
});

describe("fnac check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("reads the page and honours config.fnacOnly", async () => {
    retailer = await startRetailer(() => html(read("page-old-marketplace.html")));
    expect((await checkFnac(productCtx(retailer.client, PAGE, { config: { fnacOnly: true } }))).status).toBe(
      "out_of_stock",
    );
  });

  it.each([
    ["blocked-datadome.html", 403],
    ["blocked-datadome.html", 200],
    ["blocked-restrito.html", 200],
  ])("%s (HTTP %s) is a block", async (name, status) => {
    retailer = await startRetailer(() => html(read(name), status));
    await expect(checkFnac(productCtx(retailer.client, PAGE))).rejects.toMatchObject({ reason: "blocked" });
  });
});
