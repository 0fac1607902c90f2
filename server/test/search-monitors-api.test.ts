/** Search monitors and rules through the products API (issue 25): what is saved, what is refused. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine, WEBHOOK } from "./product-fixtures.js";

const SEARCH =
  "https://www.vinted.pt/catalog?search_text=nike%20dunk&brand_ids[]=53&price_to=40&order=newest_first";

describe.each(dbKinds())("search monitors through the API (%s)", (kind) => {
  let t: TestApp;
  let ana: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { engine: recordingEngine() });
    await t.createUser({ username: "ana", monitorLimit: 50 });
    ana = await t.login("ana");
  });
  afterAll(() => t.close());

  const post = (payload: object) =>
    t.app.inject({ method: "POST", url: "/api/products", headers: { cookie: ana }, payload });
  const monitor = (extra: object = {}) => ({
    name: "Nike Dunk até 40 €",
    url: SEARCH,
    platform: "vinted",
    webhookUrl: WEBHOOK,
    checkInterval: 10_000,
    ...extra,
  });

  it("a pasted Vinted search is saved as a search with its rules, whatever the form said", async () => {
    const res = await post(
      monitor({
        monitorType: "stock",
        rules: { excludeWords: ["manchas"], maxPrice: "40,00", maxIsTotal: true },
      }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p.monitorType).toBe("search");
    expect(p.productId).toBe("pesquisa");
    expect(p.rules).toMatchObject({ excludeWords: ["manchas"], maxPrice: "40.00", maxIsTotal: true });
    expect(p.latestMatches).toEqual([]);
  });

  it("a Shopify collection is a search too; a product page with monitorType search is refused", async () => {
    const collection = await post(
      monitor({
        platform: "nudeproject",
        url: "https://nudeproject.com/collections/new-in",
        rules: { sizes: ["M"] },
      }),
    );
    expect(collection.statusCode).toBe(201);
    expect(collection.json().monitorType).toBe("search");
    const product = await post(
      monitor({
        platform: "nudeproject",
        url: "https://nudeproject.com/products/hoodie",
        monitorType: "search",
      }),
    );
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toMatch(/não é uma pesquisa/);
  });

  it("bad rules get a clear Portuguese 400 and write nothing", async () => {
    const cases: [object, RegExp][] = [
      [{ minPrice: "50", maxPrice: "40" }, /preço máximo não pode ser inferior ao mínimo/],
      [
        { allWords: Array.from({ length: 500 }, (_, i) => `palavra${i}`) },
        /Demasiadas palavras \(máximo 50\)/,
      ],
      [{ excludeWords: ["x".repeat(10_000)] }, /Palavra demasiado longa/],
      [{ dropPercent: 150 }, /Percentagem máxima é 90 %/],
    ];
    const before = (
      await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie: ana } })
    ).json().length;
    for (const [rules, message] of cases) {
      const res = await post(monitor({ rules }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const after = (
      await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie: ana } })
    ).json().length;
    expect(after).toBe(before);
  });
});
