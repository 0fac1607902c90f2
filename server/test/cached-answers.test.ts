import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { inventoryItems, products, sales, users } from "../src/db/schema.js";
import {
  createTestApp,
  createTestDatabase,
  dbKinds,
  eventually as pollUntil,
  type TestApp,
  testConfig,
} from "./harness.js";

/** PostgreSQL announces other connections' commits a moment later: retry for up to 3 s */
const eventually = (check: () => Promise<void>, ms = 3000) => pollUntil(check, ms);

describe.each(dbKinds())("cached answers (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let anaId: number;

  const get = (cookie: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
  const names = async (cookie: string) =>
    (await get(cookie, "/api/inventory")).json().map((i: { name: string }) => i.name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    anaId = await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
  });
  afterAll(() => t.close());

  it("a write through the API shows in the very next read", async () => {
    expect(await names(ana)).toEqual([]);
    expect((await get(ana, "/api/inventory/statistics")).json().sold).toBe(0);
    const post = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie: ana },
      payload: { name: "Casaco", price: "30" },
    });
    expect(post.statusCode).toBe(201);
    expect(await names(ana)).toEqual(["Casaco"]);
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/inventory/${post.json().id}`,
      headers: { cookie: ana },
      payload: { status: "sold", salePrice: "50" },
    });
    expect(put.statusCode).toBe(200);
    const stats = (await get(ana, "/api/inventory/statistics")).json();
    expect(stats.sold).toBe(1);
  });

  it("a row written straight to the database (another process, a tool) shows too", async () => {
    await get(ana, "/api/inventory"); // cached
    await t.database.db.insert(inventoryItems).values({ userId: anaId, name: "Ténis", price: "80" });
    await eventually(async () => expect(await names(ana)).toContain("Ténis"));
    await t.database.db.delete(inventoryItems).where(eq(inventoryItems.name, "Ténis"));
    await eventually(async () => expect(await names(ana)).not.toContain("Ténis"));
  });

  it("the ranking is the same for two users of one zone and follows new sales", async () => {
    const rui = await t.login("rui");
    const before = (await get(rui, "/api/ranking")).json();
    expect((await get(ana, "/api/ranking")).json()).toEqual(before);
    const [item] = await t.database.db
      .insert(inventoryItems)
      .values({ userId: anaId, name: "Mala", price: "10", status: "sold" })
      .returning();
    await t.database.db.insert(sales).values({
      userId: anaId,
      inventoryItemId: item.id,
      salePrice: "1000",
      profit: "990",
      platform: "Vinted",
    });
    await eventually(async () => {
      const top = (await get(rui, "/api/ranking")).json()[0];
      expect(top.username).toBe("ana");
      expect(top.totalProfit).toBe("1010.00");
    });
  });

  it("a deleted user's session stops working", async () => {
    const id = await t.createUser({ username: "ze" });
    const ze = await t.login("ze");
    expect((await get(ze, "/api/user")).statusCode).toBe(200);
    await t.database.db.delete(users).where(eq(users.id, id));
    await eventually(async () => expect((await get(ze, "/api/user")).statusCode).toBe(401));
  });

  it("logout ends the session at once", async () => {
    await t.createUser({ username: "lia" });
    const lia = await t.login("lia");
    expect((await get(lia, "/api/products")).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: lia } });
    expect((await get(lia, "/api/products")).statusCode).toBe(401);
  });

  it("a product's status change is announced, the engine's per-check clock is not", async () => {
    const [p] = await t.database.db
      .insert(products)
      .values({
        userId: anaId,
        name: "Labubu",
        productId: "1",
        url: "https://www.popmart.com/pt/products/1/labubu",
        webhookUrl: "https://discord.com/api/webhooks/1/x",
        platform: "popmart",
      })
      .returning();
    const listed = async () => (await get(ana, "/api/products")).json()[0];
    await eventually(async () => expect((await listed()).name).toBe("Labubu"));
    const before = await listed();
    // a check's bookkeeping (lease, clock) alone leaves the cached list as it was. The write's
    // "checked" notice (a statement trigger, after its rows' announcements) reaching this process
    // shows that whatever the write announced has been heard
    const checked = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("sem aviso 'checked'")), 5000);
      const stop = t.database.changes.onProductEvent((payload) => {
        const notice = payload ? JSON.parse(payload) : null;
        if (notice?.kind !== "checked" || notice.userId !== anaId) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    });
    await t.database.db
      .update(products)
      .set({ lastCheck: new Date(), nextCheckAt: new Date(Date.now() + 1000), leasedBy: "w1" })
      .where(eq(products.id, p.id));
    await checked;
    expect((await listed()).lastCheck).toBe(before.lastCheck);
    // what the reseller waits for is seen at once
    await t.database.db
      .update(products)
      .set({ status: "in_stock", availableSizes: JSON.stringify(["M"]), lastCheck: new Date() })
      .where(eq(products.id, p.id));
    await eventually(async () => expect((await listed()).status).toBe("in_stock"));
    expect((await listed()).lastCheck).not.toBe(before.lastCheck);
  });

  it("large answers go compressed to clients that accept it, the same JSON", async () => {
    for (let i = 0; i < 40; i++) {
      await t.database.db.insert(inventoryItems).values({ userId: anaId, name: `Peça ${i}`, price: "5" });
    }
    await eventually(async () => expect((await names(ana)).length).toBeGreaterThan(40));
    const plain = await get(ana, "/api/inventory");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const res = await get(ana, "/api/inventory", { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });
});

describe.runIf(dbKinds().includes("postgres"))("cached answers across processes (postgres)", () => {
  let first: TestApp;
  let secondDb: Database;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let anaId: number;
  let cookie: string;

  beforeAll(async () => {
    const database = await createTestDatabase("postgres");
    first = await createTestApp("postgres", { database });
    // a second web process: its own pool and its own change feed on the same database
    secondDb = await openDatabase({ databaseUrl: database.url!, poolSize: 2 });
    second = await buildApp({ database: secondDb, config: testConfig(), clientDir: null });
    await second.ready();
    anaId = await first.createUser({ username: "ana" });
    cookie = await first.login("ana");
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await first.close();
    await first.database.close();
  });

  const namesOn = async (app: typeof second) =>
    (await app.inject({ method: "GET", url: "/api/inventory", headers: { cookie } }))
      .json()
      .map((i: { name: string }) => i.name);

  it("a write through one process shows in the other's answers", async () => {
    expect(await namesOn(second)).toEqual([]);
    const post = await first.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name: "Boné", price: "12" },
    });
    expect(post.statusCode).toBe(201);
    await eventually(async () => expect(await namesOn(second)).toEqual(["Boné"]));
  });

  it("logout in one process ends the session in the other", async () => {
    const other = await first.login("ana");
    const onSecond = () => second.inject({ method: "GET", url: "/api/user", headers: { cookie: other } });
    expect((await onSecond()).statusCode).toBe(200);
    await first.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: other } });
    await eventually(async () => expect((await onSecond()).statusCode).toBe(401));
  });

  it("while the feed's connection is lost, answers come from the database; then caching resumes", async () => {
    await namesOn(second);
    await first.database.db.execute(
      "select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN data_changed%' and datname = current_database()" as never,
    );
    await eventually(async () => expect(secondDb.changes.live).toBe(false));
    await first.database.db.insert(inventoryItems).values({ userId: anaId, name: "Gorro", price: "9" });
    expect(await namesOn(second)).toContain("Gorro");
    await eventually(async () => expect(secondDb.changes.live).toBe(true), 5000);
    await first.database.db.delete(inventoryItems).where(eq(inventoryItems.name, "Gorro"));
    await eventually(async () => expect(await namesOn(second)).not.toContain("Gorro"));
  });
});
