/**
 * Settings → Sistema, "Limites por site" (issue 26): the admin sees each host's budget, the demand
 * its active monitors make and how far their intervals stretch; sets a host's own budget, which the
 * products list then plans with; removes it. Plain users get 403. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BudgetOverrides } from "../src/engine/fetch/budget-overrides.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine, zaraProduct } from "./product-fixtures.js";

describe.each(dbKinds())("host budgets for the admin (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let ana: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { engine: recordingEngine() });
    await t.createUser({ username: "chefe", role: "admin" });
    await t.createUser({ username: "ana", monitorLimit: 50 });
    admin = await t.login("chefe");
    ana = await t.login("ana");
    // 10 Zara monitors at 1 s: 600 checks a minute asked of a host whose record allows 120
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/products",
        headers: { cookie: ana },
        payload: zaraProduct({ name: `Casaco ${i}`, checkInterval: 1000, price: "" }),
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const list = async (cookie = admin) =>
    t.app.inject({ method: "GET", url: "/api/admin/host-budgets", headers: { cookie } });
  const put = (host: string, payload: object, cookie = admin) =>
    t.app.inject({ method: "PUT", url: `/api/admin/host-budgets/${host}`, headers: { cookie }, payload });
  const cardInterval = async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/products", headers: { cookie: ana } });
    return (res.json() as { effectiveInterval: number | null }[])[0].effectiveInterval;
  };

  it("lists each host with its platform's budget, the demand and the stretch", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const zara = res.json().hosts.find((h: { host: string }) => h.host === "www.zara.com");
    expect(zara).toMatchObject({
      platform: "Zara",
      perMinute: 120,
      atOnce: 2,
      source: "platform",
      baseline: { perMinute: 120, atOnce: 2 },
      monitors: 10,
      demandPerMinute: 600,
      budgeted: true,
    });
    // 10 monitors within 90 % of 120 a minute: about every 5,6 s each
    expect(zara.stretchedTo).toBeGreaterThanOrEqual(5_000);
    expect(zara.stretchedTo).toBeLessThanOrEqual(6_000);
  });

  it("the admin's budget replaces the platform's for the stretch the cards show; removing it restores the record's", async () => {
    const before = await cardInterval();
    const res = await put("WWW.Zara.com", { perMinute: 30, atOnce: 1 });
    expect(res.statusCode).toBe(200);
    const zara = res.json().hosts.find((h: { host: string }) => h.host === "www.zara.com");
    expect(zara).toMatchObject({ perMinute: 30, atOnce: 1, source: "admin", demandPerMinute: 600 });
    expect(zara.stretchedTo).toBeGreaterThan(20_000); // 10 monitors in 27 a minute
    // the products list plans with it at its next reading: the cards are not read again by
    // themselves, so a list built from the budgets of before stayed on the screen (the e2e card
    // kept "1 s"). The list was just read above (its budgets' reading is fresh, not due again)
    const after = await cardInterval();
    expect(after).toBeGreaterThan(before ?? 0);
    expect(after).toBeGreaterThan(20_000);
    // a host with no monitors yet may get a budget of its own, and is listed
    expect((await put("www.vinted.pt", { perMinute: "12", atOnce: 1 })).statusCode).toBe(200);
    const vinted = (await list()).json().hosts.find((h: { host: string }) => h.host === "www.vinted.pt");
    expect(vinted).toMatchObject({ perMinute: 12, source: "admin", monitors: 0, demandPerMinute: 0 });

    const removed = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/host-budgets/www.zara.com",
      headers: { cookie: admin },
    });
    expect(removed.statusCode).toBe(200);
    const back = (await list()).json().hosts.find((h: { host: string }) => h.host === "www.zara.com");
    expect(back).toMatchObject({ perMinute: 120, source: "platform" });
    // and the cards at once: the platform's 120 a minute, about 5,6 s each again
    const restored = await cardInterval();
    expect(restored).toBeGreaterThanOrEqual(5_000);
    expect(restored).toBeLessThanOrEqual(6_000);
  });

  it("the engine's reader sees the admin's budgets", async () => {
    const overrides = new BudgetOverrides(t.database.db);
    await overrides.refresh(true);
    expect(overrides.map.get("www.vinted.pt")).toEqual({ perMinute: 12, atOnce: 1 });
  });

  it("bad input is a clear Portuguese 400; a plain user is refused", async () => {
    const cases: [string, object, RegExp][] = [
      ["www.zara.com", { perMinute: 0, atOnce: 1 }, /Mínimo 1 pedido por minuto/],
      ["www.zara.com", { perMinute: 10_000, atOnce: 1 }, /Máximo 6000 pedidos por minuto/],
      ["www.zara.com", { perMinute: 60, atOnce: 2.5 }, /número inteiro/],
      ["www.zara.com", { perMinute: "muitos", atOnce: 1 }, /devem ser um número/],
      ["não-é-um-domínio", { perMinute: 60, atOnce: 1 }, /Domínio inválido/],
    ];
    for (const [host, body, message] of cases) {
      const res = await put(encodeURIComponent(host), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatch(message);
    }
    expect((await list(ana)).statusCode).toBe(403);
    expect((await put("www.zara.com", { perMinute: 60, atOnce: 1 }, ana)).statusCode).toBe(403);
    const none = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/host-budgets/nenhum.exemplo.pt",
      headers: { cookie: admin },
    });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain("Este domínio não tem um limite próprio");
  });
});
