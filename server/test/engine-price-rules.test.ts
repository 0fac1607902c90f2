/**
 * Product monitors' price rules, price history and "only my sizes" over real HTTP (issue 25): the
 * stand-in serves the Shopify product in its real shape, the real engine checks it, the API reads
 * the history; both databases.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AlertPayload } from "../src/engine/notify/alert.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const SHOP = "https://nudeproject.com";

describe.each(dbKinds())("price rules, price history and only my sizes (%s)", (kind) => {
  let w: World;
  let t: TestApp;
  let ana: { id: number; cookie: string };
  let bruno: { id: number; cookie: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await createWorld(t.database);
    const user = async (username: string) => {
      const id = await t.createUser({ username, monitorLimit: 50 });
      return { id, cookie: await t.login(username) };
    };
    ana = await user("ana");
    bruno = await user("bruno");
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await t.close();
  });

  const fetches = (handle: string) => w.retailer.paths.get(`/products/${handle}.js`) ?? 0;
  /** the engine read the page `n` more times than now (so it saw what the stand-in says now) */
  const moreChecks = async (handle: string, n = 2) => {
    const target = fetches(handle) + n;
    await eventually(() => expect(fetches(handle)).toBeGreaterThanOrEqual(target));
  };
  const alertsOf = async (productId: number, kind: string) =>
    (await w.notificationRows())
      .filter((r) => r.productId === productId && (r.payload as AlertPayload).kind === kind)
      .map((r) => r.payload as AlertPayload);
  const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("a price target alerts once when reached, a new low alerts again; every change is in the history the card and the chart read", async () => {
    w.retailer.setProduct("tee", { sizes: ["M"], price: "45.99" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/tee`,
      name: "Tee da Ana",
      userId: ana.id,
      rules: { targetPrice: "40" },
    });
    await w.start();
    await eventually(async () => expect((await w.product(id)).price).toBe("45.99"));
    for (const price of ["42.00", "35.99"]) {
      w.retailer.setProduct("tee", { price });
      await moreChecks("tee");
    }
    await eventually(async () => expect(await alertsOf(id, "price_drop")).toHaveLength(1));
    const [first] = await alertsOf(id, "price_drop");
    expect([first.previousPrice, first.price]).toEqual(["45.99", "35.99"]);
    // up again: nothing; below the last alerted price: a new low, alerted from 35,99
    w.retailer.setProduct("tee", { price: "36.50" });
    await moreChecks("tee");
    expect(await alertsOf(id, "price_drop")).toHaveLength(1);
    w.retailer.setProduct("tee", { price: "30.00" });
    await eventually(async () => expect(await alertsOf(id, "price_drop")).toHaveLength(2));
    await moreChecks("tee", 3);
    const drops = await alertsOf(id, "price_drop");
    expect(drops).toHaveLength(2);
    expect([drops[1].previousPrice, drops[1].price]).toEqual(["35.99", "30.00"]);

    const history = await get(`/api/products/${id}/price-history`, ana.cookie);
    expect(history.statusCode).toBe(200);
    const points = history.json().points as { price: string; currency: string; at: string }[];
    expect(points.map((p) => p.price)).toEqual(["45.99", "42.00", "35.99", "36.50", "30.00"]);
    expect(points.every((p) => p.currency === "EUR")).toBe(true);
    expect(new Date(points[4].at).getTime()).toBeGreaterThan(new Date(points[0].at).getTime());

    const list = await get("/api/products", ana.cookie);
    const card = list.json().find((p: { id: number }) => p.id === id);
    expect(card.priceSummary).toMatchObject({
      low: "30.00",
      previous: "36.50",
      current: "30.00",
      currency: "EUR",
    });
    // another user's product is not there for them, exactly like a missing one
    expect((await get(`/api/products/${id}/price-history`, bruno.cookie)).statusCode).toBe(404);
    expect((await get("/api/products/999999/price-history", ana.cookie)).statusCode).toBe(404);
    expect((await get("/api/products/abc/price-history", ana.cookie)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/api/products/${id}/price-history` })).statusCode).toBe(
      401,
    );
  });

  it("a drop of at least N % from the first price alerts once; a smaller step after it does not", async () => {
    w.retailer.setProduct("hoodie", { sizes: ["M"], price: "50.00" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/hoodie`,
      userId: ana.id,
      rules: { dropPercent: 20 },
    });
    await w.start();
    await eventually(async () => expect((await w.product(id)).price).toBe("50.00"));
    w.retailer.setProduct("hoodie", { price: "45.00" }); // 10 %: not yet
    await moreChecks("hoodie");
    expect(await alertsOf(id, "price_drop")).toHaveLength(0);
    w.retailer.setProduct("hoodie", { price: "40.00" }); // 20 % below 50
    await eventually(async () => expect(await alertsOf(id, "price_drop")).toHaveLength(1));
    w.retailer.setProduct("hoodie", { price: "39.00" }); // 2,5 % below the alerted 40
    await moreChecks("hoodie", 3);
    const drops = await alertsOf(id, "price_drop");
    expect(drops.map((d) => [d.previousPrice, d.price])).toEqual([["50.00", "40.00"]]);
  });

  it("only my sizes: M, L stays quiet when only XS comes back (shown on the card), alerts when L does", async () => {
    w.retailer.setProduct("jacket", { status: "out_of_stock", allSizes: ["XS", "S", "M", "L"] });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/jacket`,
      userId: ana.id,
      rules: { mySizes: ["M", "L"] },
    });
    await w.start();
    await eventually(async () => expect((await w.product(id)).status).toBe("out_of_stock"));
    w.retailer.setProduct("jacket", { sizes: ["XS"] });
    await eventually(async () => expect((await w.product(id)).availableSizes).toContain("XS"));
    await moreChecks("jacket", 3);
    expect(await alertsOf(id, "restock")).toHaveLength(0);
    expect(await alertsOf(id, "new_sizes")).toHaveLength(0);
    w.retailer.setProduct("jacket", { sizes: ["XS", "L"] });
    await eventually(async () => expect(await alertsOf(id, "restock")).toHaveLength(1));
    await moreChecks("jacket", 3);
    const alerts = (await w.notificationRows()).filter((r) => r.productId === id);
    expect(alerts).toHaveLength(1);
  });
});
