import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckDetail } from "../../common/schemas/check-detail.js";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { addProduct, recordingEngine } from "./product-fixtures.js";

/** "Testar agora" over real HTTP against the stand-in retailer */
describe.each(dbKinds())("POST /api/products/:id/test (%s)", (kind) => {
  const retailer = new FakeRetailer();
  let t: TestApp;
  let cookie: string;
  let other: string;

  beforeAll(async () => {
    const origin = await retailer.listen();
    t = await createTestApp(kind, {
      engine: recordingEngine(),
      config: {
        monitorRedirect: new Map([
          ["https://nudeproject.com", origin],
          ["https://www.vinted.pt", origin],
        ]),
      },
    });
    await t.createUser({ username: "rita", monitorLimit: 20 });
    await t.createUser({ username: "rui", monitorLimit: 20 });
    cookie = await t.login("rita");
    other = await t.login("rui");
  });
  afterAll(async () => {
    await t.close();
    await retailer.close();
  });

  const add = (platform: string, url: string, name: string) => addProduct(t, cookie, { platform, url, name });
  const test = (id: number, as = cookie) =>
    t.app.inject({ method: "POST", url: `/api/products/${id}/test`, headers: { cookie: as } });
  const last = (id: number, as = cookie) =>
    t.app.inject({ method: "GET", url: `/api/products/${id}/check`, headers: { cookie: as } });
  const product = async (id: number) =>
    (await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie } }))
      .json()
      .find((p: { id: number }) => p.id === id);

  it("reads the page and answers route, exchanges, sizes with flags, price with currency and verdict", async () => {
    retailer.setProduct("tee", {
      name: "NUDE TEE",
      sizes: ["S", "L"],
      allSizes: ["S", "M", "L"],
      price: "39.00",
    });
    const id = await add("nudeproject", "https://nudeproject.com/products/tee", "Tee");
    const res = await test(id);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as CheckDetail;
    expect(d).toMatchObject({
      trigger: "test",
      ok: true,
      status: "in_stock",
      name: "NUDE TEE",
      price: "39.00",
      currency: "EUR",
      failure: null,
    });
    expect(d.route).toMatch(/\S/);
    expect(d.exchanges.length).toBeGreaterThan(0);
    expect(d.exchanges.at(-1)).toMatchObject({ method: "GET", status: 200 });
    expect(d.exchanges[0].url).toContain("nudeproject.com/products/tee");
    expect(d.exchanges.every((e) => e.ms >= 0)).toBe(true);
    expect(d.sizes).toEqual([
      { name: "S", available: true, lowStock: false },
      { name: "M", available: false, lowStock: false },
      { name: "L", available: true, lowStock: false },
    ]);
    // the test does not touch the stored verdict: the scheduler's checks do
    expect((await product(id)).status).toBe("unknown");
    expect((await last(id)).json()).toEqual({ detail: d });
  });

  it("a blocked page: the reason, the answer's status and an excerpt, kept for the failure box", async () => {
    retailer.setProduct("walled", { sizes: ["M"], block: "challenge" });
    const id = await add("nudeproject", "https://nudeproject.com/products/walled", "Muro");
    const d = (await test(id)).json() as CheckDetail;
    expect(d.ok).toBe(false);
    expect(d.status).toBeNull();
    expect(d.failure).toMatchObject({ reason: "blocked", label: "bloqueado" });
    expect(d.exchanges[0].status).toBeGreaterThanOrEqual(200);
    expect(d.excerpt).toMatch(/\S/);
    expect(d.excerpt!.length).toBeLessThanOrEqual(601);
    expect((await last(id)).json().detail.failure.label).toBe("bloqueado");
  });

  it("a Vinted profile lists its items with links", async () => {
    retailer.setMember("777", {
      login: "ana",
      items: [
        { id: "11", title: "Casaco", price: "12.50" },
        { id: "12", title: "Saia", price: "8.00" },
      ],
    });
    const id = await add("vinted", "https://www.vinted.pt/member/777-ana", "Ana");
    const d = (await test(id)).json() as CheckDetail;
    expect(d.ok).toBe(true);
    expect(d.status).toBe("vinted_active");
    expect(d.items).toEqual([
      { title: "Casaco", url: "https://www.vinted.pt/items/11", price: "12.50", currency: "EUR" },
      { title: "Saia", url: "https://www.vinted.pt/items/12", price: "8.00", currency: "EUR" },
    ]);
  });

  it("someone else's product answers 404 in Portuguese and keeps no detail", async () => {
    retailer.setProduct("mine", { sizes: ["M"] });
    const id = await add("nudeproject", "https://nudeproject.com/products/mine", "Meu");
    const res = await test(id, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Produto não encontrado");
    expect((await last(id, other)).statusCode).toBe(404);
    expect((await last(id)).json()).toEqual({ detail: null });
    expect(
      (await t.app.inject({ method: "POST", url: "/api/products/abc/test", headers: { cookie } })).statusCode,
    ).toBe(400);
  });

  it("is rate-limited to 10 tests a minute per user, in Portuguese", async () => {
    retailer.setProduct("limit", { sizes: ["M"] });
    const id = await add("nudeproject", "https://nudeproject.com/products/limit", "Limite");
    const codes: number[] = [];
    let message = "";
    for (let i = 0; i < 12; i++) {
      const res = await test(id);
      codes.push(res.statusCode);
      if (res.statusCode === 429) message = res.json().message;
    }
    expect(codes).toContain(429);
    expect(message).toMatch(/Tente novamente/);
  });
});
