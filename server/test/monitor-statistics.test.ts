import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, products } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { recordingEngine, zaraProduct } from "./product-fixtures.js";

describe.each(dbKinds())("monitor controls and statistics (%s)", (kind) => {
  let t: TestApp;
  const engine = recordingEngine();
  let ana: string;
  let rui: string;
  let anaId: number;
  let ruiId: number;
  const anaProducts: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, { engine });
    anaId = await t.createUser({ username: "ana", monitorLimit: 4 });
    ruiId = await t.createUser({ username: "rui", monitorLimit: 2 });
    [ana, rui] = [await t.login("ana"), await t.login("rui")];
    for (const isActive of [true, false, true]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/products",
        headers: { cookie: ana },
        payload: zaraProduct({ isActive }),
      });
      anaProducts.push(res.json().id);
    }
    await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: rui },
      payload: zaraProduct(),
    });
  });
  afterAll(() => t.close());

  const call = (method: "GET" | "POST", url: string, cookie: string) =>
    t.app.inject({ method, url, headers: { cookie } });
  const activeOf = async (userId: number) =>
    (
      await t.database.db.select().from(products).where(eq(products.userId, userId)).orderBy(asc(products.id))
    ).map((p) => p.isActive);

  it("reports both readings of the monitor stats", async () => {
    const res = await call("GET", "/api/user/monitor-stats", ana);
    expect(res.json()).toEqual({
      currentCount: 3,
      limit: 4,
      canCreateMore: true,
      activeMonitors: 2,
      maxMonitors: 4,
    });
    const full = await call("GET", "/api/user/monitor-stats", rui);
    expect(full.json()).toMatchObject({ currentCount: 1, limit: 2, canCreateMore: true });
    await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie: rui },
      payload: zaraProduct(),
    });
    expect((await call("GET", "/api/user/monitor-stats", rui)).json()).toMatchObject({
      currentCount: 2,
      canCreateMore: false,
    });
  });

  it("stops all and starts all of the caller's products only, checking the started ones at once", async () => {
    const stop = await call("POST", "/api/monitor/stop-all", ana);
    expect(stop.json()).toMatchObject({ message: "Monitoramento parado", changed: 2 });
    expect(await activeOf(anaId)).toEqual([false, false, false]);
    expect(await activeOf(ruiId)).toEqual([true, true]);

    engine.checked.length = 0;
    const start = await call("POST", "/api/monitor/start-all", ana);
    expect(start.json()).toMatchObject({ message: "Monitoramento iniciado", changed: 3 });
    expect(await activeOf(anaId)).toEqual([true, true, true]);
    expect([...engine.checked].sort()).toEqual([...anaProducts].sort());
    expect((await call("GET", "/api/user/monitor-stats", ana)).json().activeMonitors).toBe(3);
  });

  it("counts the dashboard statistics from the caller's products and today's history", async () => {
    const db = t.database.db;
    const [a, b, c] = anaProducts;
    await db.update(products).set({ status: "in_stock" }).where(eq(products.id, a));
    await db.update(products).set({ status: "low_stock" }).where(eq(products.id, b));
    await db.update(products).set({ status: "out_of_stock" }).where(eq(products.id, c));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await db.insert(activityLogs).values({
      userId: anaId,
      action: "stock_check",
      message: "antiga",
      type: "info",
      createdAt: twoDaysAgo,
    });

    const res = await call("GET", "/api/statistics", ana);
    expect(res.statusCode).toBe(200);
    // three product_added entries were written today; the old entry is not today's
    expect(res.json()).toEqual({
      inStockProducts: 2,
      outOfStockProducts: 1,
      todayActivities: 3,
      totalProducts: 3,
    });
    const ruis = await call("GET", "/api/statistics", rui);
    expect(ruis.json()).toEqual({
      inStockProducts: 0,
      outOfStockProducts: 0,
      todayActivities: 2,
      totalProducts: 2,
    });
  });

  it("answers 401 without a session", async () => {
    for (const [method, url] of [
      ["POST", "/api/monitor/start-all"],
      ["POST", "/api/monitor/stop-all"],
      ["GET", "/api/statistics"],
      ["GET", "/api/user/monitor-stats"],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});
