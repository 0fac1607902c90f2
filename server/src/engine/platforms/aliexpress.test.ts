import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  aliexpress,
  aliexpressResult,
  checkAliExpress,
  normaliseMtopResult,
  parseAliExpressPage,
  parseMtopBody,
} from "./aliexpress";
import {
  fixture,
  html,
  type Handler,
  type LocalRetailer,
  productCtx,
  type Reply,
  startRetailer,
} from "./testing/local-retailer";

const read = (name: string) => fixture("aliexpress", name);
const model = (name: string) => normaliseMtopResult(parseMtopBody(read(name)).result);
const ITEM = "https://pt.aliexpress.com/item/1005006543210.html?sku_id=12000036912345601&pdp_npi=4%40dis";

describe("aliexpress parsers", () => {
  it("all variants: labels from property display names, stock > 0 is buyable, few units are low", () => {
    const result = aliexpressResult(model("mtop-in-stock.jsonp"), []);
    expect(result.status).toBe("in_stock");
    expect(result.sizes).toEqual(["Preto / M", "Preto / L", "Azul / M", "Branco / M"]);
    expect(result.allSizes?.find((s) => s.name === "Preto / L")).toMatchObject({
      available: true,
      lowStock: true,
    });
    expect(result.allSizes?.find((s) => s.name === "Preto / M")?.lowStock).toBeUndefined();
    expect(result.price).toBe("12.34");
    expect(result.name).toBe("Camisola de malha oversize para mulher");
    expect(result.imageUrl).toBe("https://ae01.alicdn.com/kf/S1a2b3c4d5e6f_black.jpg");
  });

  it("watches only the listed variants, case- and accent-insensitive", () => {
    const result = aliexpressResult(model("mtop-in-stock.jsonp"), ["azul / m", "BRANCO/XL"]);
    expect(result.allSizes?.map((s) => s.name)).toEqual(["Azul / M", "Branco / XL"]);
    expect(result.status).toBe("in_stock");
    // Branco / XL is unsalable: never buyable, and its placeholder price is never used
    expect(result.allSizes?.[1]).toMatchObject({ available: false });
    expect(result.price).toBe("12.34");
  });

  it("a watched variant that is sold out makes the product out_of_stock although others sell", () => {
    const result = aliexpressResult(model("mtop-in-stock.jsonp"), ["Azul / L"]);
    expect(result).toMatchObject({ status: "out_of_stock", sizes: [] });
  });

  it("low_stock when every watched variant with stock is at or under the threshold", () => {
    expect(aliexpressResult(model("mtop-low-stock.jsonp"), ["Preto / M", "Preto / L"]).status).toBe(
      "low_stock",
    );
    expect(aliexpressResult(model("mtop-low-stock.jsonp"), ["Preto / M"], 1).status).toBe("in_stock");
  });

  it("out_of_stock when nothing has stock", () => {
    expect(aliexpressResult(model("mtop-out-of-stock.jsonp"), []).status).toBe("out_of_stock");
  });

  it("reads skuPaths delivered as an object keyed 0, 1, …", () => {
    const result = aliexpressResult(model("mtop-skupaths-object.jsonp"), []);
    expect(result).toMatchObject({ status: "in_stock", sizes: ["Azul / XL"] });
  });

  it("leaves Ships From out of the label but lets the user name it", () => {
    const m = model("mtop-ships-from.jsonp");
    expect(aliexpressResult(m, []).sizes).toEqual(["Preto / M"]);
    expect(aliexpressResult(m, ["Preto / M / China"]).sizes).toEqual(["Preto / M"]);
  });

  it("a watch list that matches no variant is a failed check, not out of stock", () => {
    expect(() => aliexpressResult(model("mtop-in-stock.jsonp"), ["Verde / S"])).toThrow(/nenhuma variante/);
  });

  it("MTOP answers: punish is a block, token problems ask for a re-sign, missing modules are unexpected", () => {
    expect(() => parseMtopBody(read("mtop-user-validate.jsonp"))).toThrow(
      expect.objectContaining({ reason: "blocked" }),
    );
    expect(parseMtopBody(read("mtop-token-empty.jsonp"))).toEqual({ tokenProblem: true });
    expect(() => normaliseMtopResult(parseMtopBody(read("mtop-malformed.jsonp")).result)).toThrow(/SKU/);
    expect(() => parseMtopBody("<html></html>")).toThrow(expect.objectContaining({ reason: "unexpected" }));
  });

  it("reads the legacy runParams page; a client-rendered page is unexpected", () => {
    const result = aliexpressResult(parseAliExpressPage(read("page-legacy.html")), []);
    expect(result).toMatchObject({ status: "in_stock", sizes: ["Preto / M"], price: "11.50" });
    expect(result.imageUrl).toBe("https://ae01.alicdn.com/kf/Hlegacy.jpg");
    expect(() => parseAliExpressPage(read("page-csr.html"))).toThrow(/runParams/);
  });

  it("reads runParams written as an object literal (`data` unquoted) and says what failed otherwise", () => {
    const literal = `<script>window.runParams = {
      data: {skuModule: {productSKUPropertyList: [], skuPriceList: [{skuIdStr: '1', skuPropIds: '', salable: false,
        skuVal: {availQuantity: 3, skuAmount: {value: 2255, currency: 'JPY'}}},]}},
    };</script>`;
    expect(aliexpressResult(parseAliExpressPage(literal), [])).toMatchObject({ status: "out_of_stock" });
    expect(parseAliExpressPage(literal).currency).toBe("JPY");
    expect(() => parseAliExpressPage("<script>window.runParams = { data: { a: [1, 2 } };</script>")).toThrow(
      /window\.runParams ilegível/,
    );
    expect(() => parseAliExpressPage("<html><body>app</body></html>")).toThrow(/renderizada no browser/);
    expect(() => parseAliExpressPage(read("page-csr.html"))).toThrow(/sem `data`/);
  });

  it("reads the item id", () => {
    expect(aliexpress.idFromUrl(ITEM)).toBe("1005006543210");
    expect(aliexpress.idFromUrl("https://pt.aliexpress.com/store/1")).toBeNull();
  });
});

/** an MTOP gateway that wants a valid signature made with the token of the cookie it set */
function mtopGateway(resultFile: string): Handler {
  const token = "4f0c2b7a9e1d";
  return (req): Reply | undefined => {
    if (req.host !== "acs.aliexpress.com") return undefined;
    const query = new URL(req.path, "http://x").searchParams;
    const expected = createHash("md5")
      .update(`${token}&${query.get("t")}&${query.get("appKey")}&${query.get("data")}`)
      .digest("hex");
    const hasCookie = (req.headers.cookie ?? "").includes(`_m_h5_tk=${token}_`);
    if (!hasCookie || query.get("sign") !== expected) {
      return {
        status: 200,
        headers: {
          "content-type": "application/json",
          "set-cookie": [`_m_h5_tk=${token}_1767000000000; Path=/`, "_m_h5_tk_enc=abc; Path=/"],
        },
        body: read("mtop-token-empty.jsonp"),
      };
    }
    return { status: 200, headers: { "content-type": "application/json" }, body: read(resultFile) };
  };
}

describe("aliexpress check() over HTTP", () => {
  let retailer: LocalRetailer;
  afterEach(() => retailer?.close());

  it("signs the MTOP call, renews the token once, and filters the watched variants", async () => {
    retailer = await startRetailer(mtopGateway("mtop-in-stock.jsonp"));
    const result = await checkAliExpress(productCtx(retailer.client, ITEM, { variants: ["Preto / L"] }));
    expect(result).toMatchObject({ status: "low_stock", sizes: ["Preto / L"], source: "mtop-pdp" });
    expect(retailer.seen).toHaveLength(2);
    const data = JSON.parse(new URL(retailer.seen[1].path, "http://x").searchParams.get("data")!);
    expect(data).toMatchObject({ productId: "1005006543210", _currency: "EUR", country: "PT" });
    // the next check reuses the token: one request
    await checkAliExpress(productCtx(retailer.client, ITEM, { variants: ["Preto / L"] }));
    expect(retailer.seen).toHaveLength(3);
  });

  it("falls back to the legacy page when MTOP never accepts the signature", async () => {
    retailer = await startRetailer((req) => {
      if (req.host === "acs.aliexpress.com") return { status: 200, body: read("mtop-token-empty.jsonp") };
      if (req.path === "/item/1005006543210.html") return html(read("page-legacy.html"));
      return undefined;
    });
    const result = await checkAliExpress(productCtx(retailer.client, ITEM));
    expect(result).toMatchObject({ status: "in_stock", source: "page-runparams" });
  });

  it("FAIL_SYS_USER_VALIDATE is a block and the page is not tried", async () => {
    retailer = await startRetailer(() => ({ status: 200, body: read("mtop-user-validate.jsonp") }));
    await expect(checkAliExpress(productCtx(retailer.client, ITEM))).rejects.toMatchObject({
      reason: "blocked",
    });
    expect(retailer.seen).toHaveLength(1);
  });
});
