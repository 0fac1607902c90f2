import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { products, users } from "../src/db/schema.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestApp, createTestDatabase, dbKinds } from "./harness.js";
import { busiestWindow } from "./request-windows.js";

/** a retailer host with a real budget, answered by the stand-in (its requests are told by their paths) */
const BUDGETED = "https://budget.nudeproject.com";
const BUDGET = { perMinute: 240, atOnce: 2 };

describe.each(dbKinds())("retailer budgets across engine processes (%s)", (kind) => {
  let w: World;
  /** the second engine's own connection (a second pool on PostgreSQL, the same database on PGlite) */
  let second: Database;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    w = await createWorld(database);
    w.redirects.set(BUDGETED, w.redirects.get("https://nudeproject.com") as string);
    second = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 5 }) : database;
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    if (second !== w.database) await second.close();
    await w.database.close();
  });

  const engineOptions = {
    http: { realLimitOrigins: new Set([BUDGETED]), budgetOf: () => BUDGET },
    allotments: { renewMs: 250, ttlMs: 750 },
    // each engine leases a few products at a time, so both have checks of the host to run
    scheduler: { maxConcurrent: 3 },
  };

  it("two engines together keep within the host's budget: requests per window and at once", async () => {
    w.retailer.delayMs = 100;
    for (let i = 0; i < 40; i++) {
      w.retailer.setProduct(`budget${i}`, { status: "out_of_stock" });
      await w.addProduct({ platform: "nudeproject", url: `${BUDGETED}/products/budget${i}` });
    }
    w.retailer.requestLog = [];
    const a = await w.start({ workerId: "budget-a", ...engineOptions });
    const b = await w.start({ workerId: "budget-b", database: second, ...engineOptions });
    // 40 products at 1 s ask for 40 requests a second; the budget is 4
    await eventually(() => expect(w.retailer.requestLog?.length ?? 0).toBeGreaterThanOrEqual(50), 40_000);
    // both engines hold a share of it
    await eventually(() => {
      expect(a.allotments.snapshot().get("budget.nudeproject.com")?.atOnce ?? 0).toBeGreaterThan(0);
      expect(b.allotments.snapshot().get("budget.nudeproject.com")?.atOnce ?? 0).toBeGreaterThan(0);
    });
    const times = (w.retailer.requestLog ?? []).map((r) => r.at);
    // each process spaces its requests by its share, which may start one request early at a window's
    // edge and when its share grows: a few requests over the budget's 20, never the 40 of two
    // processes each keeping the whole budget
    expect(busiestWindow(times, 5000)).toBeLessThanOrEqual((5 * BUDGET.perMinute) / 60 + 3);
    expect(w.retailer.maxInFlight).toBeLessThanOrEqual(BUDGET.atOnce);
  }, 60_000);

  it("demand over the budget: intervals stretch so the host gets no more, and the API says the interval it really gets", async () => {
    // 20 products at 1 s ask for 1 200 checks a minute; the host's default budget is 600 (540 planned)
    const [owner] = await w.database.db
      .insert(users)
      .values({ username: `stretch${Date.now()}`.slice(0, 30), passwordHash: "x", monitorLimit: 100 })
      .returning({ id: users.id });
    for (let i = 0; i < 20; i++) {
      w.retailer.setProduct(`stretch${i}`, { status: "out_of_stock" });
      await w.database.db.insert(products).values({
        userId: owner.id,
        name: `Produto ${i}`,
        productId: "",
        url: `${BUDGETED}/products/stretch${i}`,
        webhookUrl: "",
        platform: "nudeproject",
        checkInterval: 1000,
      });
    }
    // another user watches the first page at 1 s too: one monitor asks for less than an equal share
    // of the budget, so theirs is not stretched, while the owner's on the same page is
    const [other] = await w.database.db
      .insert(users)
      .values({ username: `outro${Date.now()}`.slice(0, 30), passwordHash: "x", monitorLimit: 100 })
      .returning({ id: users.id });
    await w.database.db.insert(products).values({
      userId: other.id,
      name: "Produto partilhado",
      productId: "",
      url: `${BUDGETED}/products/stretch0`,
      webhookUrl: "",
      platform: "nudeproject",
      checkInterval: 1000,
    });
    w.retailer.requestLog = [];
    const engine = await w.start({
      http: { realLimitOrigins: new Set([BUDGETED]) },
      scheduler: { startJitterMs: 1000 },
    });
    // the pages answer the same each time: after its first check each is a settled target, whose
    // fetches write its clocks without reading its watcher. Two of those each, then the gaps they wrote
    await eventually(() => expect(engine.stats.settledFetches).toBeGreaterThanOrEqual(40), 90_000);
    // each product's next check is planned ~2.2 s after its due time, not 1 s. A check that waited
    // for its turn at the host has a shorter gap to its next one, and on a loaded machine they all
    // wait longer (a mean of 1.44 s was seen in CI): above 1.2 s is still no 1 s interval, which
    // leaves every gap under 1 s
    await eventually(async () => {
      const result = await w.database.db.execute(sql`
        select count(*)::int as n,
          avg(extract(epoch from (next_check_at - last_check)) * 1000)::float8 as gap
        from products where user_id = ${owner.id} and last_check is not null`);
      const row = (result as unknown as { rows: { n: number; gap: number }[] }).rows[0];
      expect(row.n).toBe(20);
      expect(row.gap).toBeGreaterThan(1200);
      // a condition, not a sleep: on a loaded CI machine the twenty stretched checks take longer
    }, 90_000);
    // the page both watch is fetched at the other user's 1 s, and their monitor's clock moves by
    // its own interval, not the owner's floor (over 2 s): a check that started a little ahead of its
    // due time (the lease's lead) counts from that due time, so the gap may pass 1 s by that lead
    const shared = await w.database.db.execute(sql`
      select extract(epoch from (next_check_at - last_check)) * 1000 as gap
      from products where user_id = ${other.id}`);
    expect(Number((shared as unknown as { rows: { gap: number }[] }).rows[0].gap)).toBeLessThan(1500);
    const times = (w.retailer.requestLog ?? []).map((r) => r.at);
    expect(busiestWindow(times, 2000)).toBeLessThanOrEqual((2 * 600) / 60 + 2);
    // the list the card reads says the interval the product really gets (the stand-in is no
    // stand-in for this app: its config has no MONITOR_REDIRECT)
    const api = await createTestApp(kind, { database: w.database });
    try {
      const username = `dono${Date.now()}`.slice(0, 30);
      const id = await api.createUser({ username, monitorLimit: 100 });
      await w.database.db.execute(sql`update products set user_id = ${id} where user_id = ${owner.id}`);
      const cookie = await api.login(username);
      const res = await api.app.inject({ method: "GET", url: "/api/products", headers: { cookie } });
      const list = res.json() as { checkInterval: number; effectiveInterval: number | null }[];
      expect(list).toHaveLength(20);
      for (const p of list) {
        expect(p.checkInterval).toBe(1000);
        expect(p.effectiveInterval).toBeGreaterThan(2000);
        expect(p.effectiveInterval).toBeLessThan(2500);
      }
    } finally {
      await api.close();
    }
  }, 150_000);
});
