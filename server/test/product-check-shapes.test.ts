import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckDetail } from "../../common/schemas/check-detail.js";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { addProduct, recordingEngine } from "./product-fixtures.js";

/**
 * "Testar agora" over real HTTP on the answer shapes real retailers send (issue 12): the stand-in
 * retailer speaks each of them, and the panel's data says what the check read.
 */
describe.each(dbKinds())("Testar agora on real retailer shapes (%s)", (kind) => {
  const retailer = new FakeRetailer();
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    const origin = await retailer.listen();
    t = await createTestApp(kind, {
      engine: recordingEngine(),
      config: {
        monitorRedirect: new Map(
          [
            "https://www.havaianas-store.com",
            "https://nudeproject.com",
            "https://www.zara.com",
            "https://www.vinted.pt",
            "https://prod-uk-online-api.popmart.com",
            "https://acs.aliexpress.com",
          ].map((host) => [host, origin]),
        ),
      },
    });
    await t.createUser({ username: "marta", monitorLimit: 20 });
    cookie = await t.login("marta");
  });
  afterAll(async () => {
    await t.close();
    await retailer.close();
  });

  const add = (platform: string, url: string, name: string) => addProduct(t, cookie, { platform, url, name });
  async function testNow(id: number): Promise<CheckDetail> {
    const res = await t.app.inject({ method: "POST", url: `/api/products/${id}/test`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  const stored = async (id: number) =>
    (await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie } }))
      .json()
      .find((p: { id: number }) => p.id === id);

  it("SFRA with selectable:false on every size, in yen, one size low: route, sizes with flags, JPY", async () => {
    retailer.setProduct("4000031", {
      name: "Havaianas Top Tóquio",
      status: "low_stock",
      sizes: ["37/38"],
      allSizes: ["35/36", "37/38", "39/40"],
      price: "19800.00",
      currency: "JPY",
    });
    const id = await add(
      "havaianas",
      "https://www.havaianas-store.com/pt/pt/havaianas-top-toquio/4000031-BLACK.html",
      "Top Tóquio",
    );
    const d = await testNow(id);
    expect(d).toMatchObject({
      ok: true,
      route: "product-variation",
      status: "low_stock",
      name: "Havaianas Top Tóquio",
      imageUrl: "https://www.havaianas-store.com/dw/image/v2/4000031.jpg",
      price: "19800.00",
      currency: "JPY",
      failure: null,
    });
    expect(d.sizes).toEqual([
      { name: "35/36", available: false, lowStock: false },
      { name: "37/38", available: true, lowStock: true },
      { name: "39/40", available: false, lowStock: false },
    ]);
    const variation = d.exchanges.find((e) => e.url.includes("Product-Variation"));
    expect(variation).toMatchObject({ method: "GET", status: 200 });
  });

  it("an SFRA answer at odds with itself: 'formato inesperado', the reason, an excerpt, and the status kept", async () => {
    retailer.setProduct("4000032", { sizes: ["M"], allSizes: ["S", "M"] });
    const id = await add(
      "havaianas",
      "https://www.havaianas-store.com/pt/pt/havaianas-slim/4000032-BLACK.html",
      "Slim",
    );
    expect((await testNow(id)).status).toBe("in_stock");
    retailer.setProduct("4000032", { contradictory: true, status: "out_of_stock" });
    const d = await testNow(id);
    expect(d).toMatchObject({ ok: false, status: null, route: null });
    expect(d.failure).toMatchObject({ reason: "unexpected", label: "formato inesperado" });
    expect(d.failure?.message).toMatch(/o produto diz-se disponível mas nenhum tamanho está disponível/);
    // the excerpt is the answer that contradicted itself, not a coarser route's page
    expect(d.excerpt).toContain("Product-Variation");
    expect(d.exchanges.at(-1)?.url).toContain("Product-Variation");
    expect((await stored(id)).status).toBe("unknown");
  });

  it("Shopify with Color and Size options: each variant named by colour and size", async () => {
    retailer.setProduct("hoodie-duo", {
      name: "HOODIE DUO",
      colours: ["Preto", "Branco"],
      allSizes: ["M", "L"],
      sizes: ["Preto / M", "Branco / L"],
      price: "79.00",
    });
    const id = await add("nudeproject", "https://nudeproject.com/products/hoodie-duo", "Hoodie");
    const d = await testNow(id);
    expect(d).toMatchObject({ ok: true, route: "products-js", status: "in_stock", currency: "EUR" });
    expect(d.sizes).toEqual([
      { name: "Preto / M", available: true, lowStock: false },
      { name: "Preto / L", available: false, lowStock: false },
      { name: "Branco / M", available: false, lowStock: false },
      { name: "Branco / L", available: true, lowStock: false },
    ]);
  });

  it("Zara's page with viewPayload = window.zara.dataLayer: read from productGroups[0].products", async () => {
    retailer.setProduct("517756017", {
      name: "VESTIDO STRETCH",
      zaraShape: "dataLayer",
      status: "low_stock",
      sizes: ["M"],
      allSizes: ["S", "M", "L"],
      price: "29.95",
    });
    // the adapter keeps the store id a page taught it per store and language, and would then ask the
    // storefront API first: each database's run reads its own language's page
    const language = kind === "pglite" ? "pt" : "en";
    const id = await add(
      "zara",
      `https://www.zara.com/pt/${language}/vestido-stretch-p06050324.html?v1=517756017`,
      "Vestido",
    );
    const d = await testNow(id);
    expect(d).toMatchObject({ ok: true, route: "page-payload", status: "low_stock", price: "29.95" });
    expect(d.sizes).toEqual([
      { name: "S", available: false, lowStock: false },
      { name: "M", available: true, lowStock: true },
      { name: "L", available: false, lowStock: false },
    ]);
  });

  it("a Zara page without a payload: the JSON-LD ProductGroup's hasVariant sizes answer before giving up", async () => {
    retailer.setProduct("517756030", {
      name: "CASACO DE LÃ",
      zaraShape: "json-ld",
      sizes: ["M", "L"],
      allSizes: ["S", "M", "L"],
      price: "59.95",
    });
    // a language of its own, for the store-id memory described above
    const language = kind === "pglite" ? "es" : "fr";
    const id = await add(
      "zara",
      `https://www.zara.com/pt/${language}/casaco-p06050330.html?v1=517756030`,
      "Casaco",
    );
    const d = await testNow(id);
    expect(d).toMatchObject({
      ok: true,
      route: "json-ld",
      status: "in_stock",
      price: "59.95",
      currency: "EUR",
    });
    expect(d.sizes.map((s) => [s.name, s.available])).toEqual([
      ["S", false],
      ["M", true],
      ["L", true],
    ]);
  });

  it("Vinted's older items (flags 0/1, '45,00 zł' with price_numeric): the items on sale in their currency", async () => {
    retailer.setMember("7801", {
      login: "ines",
      era: "older",
      items: [
        { id: "21", title: "Saia plissada", price: "4.00" },
        { id: "22", title: "Sukienka", price: "45.00", currency: "PLN" },
        { id: "23", title: "Blusa reservada", price: "7.50", reserved: true },
      ],
    });
    const id = await add("vinted", "https://www.vinted.pt/member/7801-ines", "Inês");
    const d = await testNow(id);
    expect(d).toMatchObject({ ok: true, status: "vinted_active" });
    expect(d.items).toEqual([
      { title: "Saia plissada", url: "https://www.vinted.pt/items/21", price: "4.00", currency: "EUR" },
      { title: "Sukienka", url: "https://www.vinted.pt/items/22", price: "45.00", currency: "PLN" },
    ]);
  });

  it("Vinted's 2025 catalogue items (only is_visible): a hidden one is left out", async () => {
    retailer.setMember("7802", {
      login: "joana",
      era: "2025",
      items: [
        { id: "31", title: "Kurtka jeansowa", price: "89.0", currency: "PLN" },
        { id: "32", title: "Buty", price: "120.0", currency: "PLN", reserved: true },
      ],
    });
    const id = await add("vinted", "https://www.vinted.pt/member/7802-joana", "Joana");
    const d = await testNow(id);
    expect(d).toMatchObject({ ok: true, status: "vinted_active" });
    expect(d.items).toEqual([
      { title: "Kurtka jeansowa", url: "https://www.vinted.pt/items/31", price: "89.00", currency: "PLN" },
    ]);
  });

  it("Pop Mart's FindOne with skus[].stock.onlineStock: live units per SKU, the SKU's currency, no getStock", async () => {
    retailer.setProduct("2077", {
      name: "THE MONSTERS Big into Energy",
      status: "low_stock",
      sizes: ["Conjunto completo"],
      allSizes: ["Caixa individual", "Conjunto completo"],
      price: "107.40",
      currency: "SGD",
    });
    const id = await add("popmart", "https://www.popmart.com/pt/products/2077/THE-MONSTERS", "Monsters");
    const d = await testNow(id);
    expect(d).toMatchObject({
      ok: true,
      route: "orpc-findone-stock",
      status: "low_stock",
      price: "107.40",
      currency: "SGD",
    });
    expect(d.sizes).toEqual([
      { name: "Caixa individual", available: false, lowStock: false },
      { name: "Conjunto completo", available: true, lowStock: true },
    ]);
    expect(d.exchanges.map((e) => e.url).join(" ")).not.toContain("getStock");
  });

  it("AliExpress answering in US dollars though euros were asked: the dollars are kept, low stock from skuStock", async () => {
    retailer.setProduct("1005009876543", {
      name: "Camisola de malha",
      status: "low_stock",
      sizes: ["M"],
      allSizes: ["M", "L"],
      price: "12.34",
      currency: "USD",
    });
    const id = await add("aliexpress", "https://pt.aliexpress.com/item/1005009876543.html", "Malha");
    const d = await testNow(id);
    expect(d).toMatchObject({
      ok: true,
      route: "mtop-pdp",
      status: "low_stock",
      price: "12.34",
      currency: "USD",
    });
    expect(d.sizes).toEqual([
      { name: "M", available: true, lowStock: true },
      { name: "L", available: false, lowStock: false },
    ]);
    // the first call is answered FAIL_SYS_TOKEN_EMPTY with the token, the second is signed with it
    expect(d.exchanges.filter((e) => e.url.includes("mtop.aliexpress.pdp.pc.query"))).toHaveLength(2);
  });
});
