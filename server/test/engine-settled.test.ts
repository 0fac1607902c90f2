import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { monitorTargets, products } from "../src/db/schema.js";
import { adoptUntargeted, leaseDue, writeBatch } from "../src/engine/store.js";
import { createWorld, embedsOf, eventually, ORIGINS, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = ORIGINS.shop;
const HOOK_A = "https://discord.com/api/webhooks/111/token-a";
const HOOK_B = "https://discord.com/api/webhooks/222/token-b";

/**
 * A target whose watchers all read its last answer with nothing changed is settled: the same answer
 * again moves their clocks in one statement, with no watcher read out of the database nor detected.
 */
describe.each(dbKinds())("settled targets (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  const db = () => w.database.db;
  const targetKeyOf = async (productId: number) => {
    const [row] = await db()
      .select({ key: monitorTargets.readingKey })
      .from(monitorTargets)
      .innerJoin(products, eq(products.targetId, monitorTargets.id))
      .where(eq(products.id, productId));
    return row?.key ?? null;
  };
  /** waits until the engine has written `n` more settled fetches */
  const settledFetches = async (n: number) => {
    const engine = w.engines[0];
    const from = engine.stats.settledFetches;
    await eventually(() => expect(engine.stats.settledFetches).toBeGreaterThanOrEqual(from + n), 15_000);
  };

  it("the same answer moves both watchers' clocks only; a new one is read by each and alerts each once", async () => {
    w.retailer.setProduct("calm", { status: "out_of_stock" });
    const other = await w.addUser();
    const a = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/calm`,
      name: "Casaco da Ana",
      webhookUrl: HOOK_A,
    });
    const b = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/calm`,
      name: "Casaco do Bruno",
      webhookUrl: HOOK_B,
      userId: other,
    });
    const engine = await w.start();
    await settledFetches(2);
    // both read the target's answer with nothing changed, and remember it
    const key = await targetKeyOf(a);
    expect(key).not.toBeNull();
    expect((await w.product(a)).readingKey).toBe(key);
    expect((await w.product(b)).readingKey).toBe(key);

    // settled fetches still say each was checked, and nothing else moves
    const before = engine.stats.settledFetches;
    const activity = (await w.activities(a)).length;
    await Promise.all([w.checkedAgain(a, 3), w.checkedAgain(b, 3)]);
    expect(engine.stats.settledFetches).toBeGreaterThanOrEqual(before + 2);
    expect((await w.activities(a)).length).toBe(activity);
    const [rowA, rowB] = [await w.product(a), await w.product(b)];
    expect(rowA.nextCheckAt.getTime()).toBeGreaterThan(rowA.lastCheck!.getTime());
    expect(rowB.failureStreak).toBe(0);

    // something new: each watcher's own detection, one alert each on its own webhook
    w.retailer.setProduct("calm", { sizes: ["M"] });
    await w.webhook.waitForAccepted(2);
    const titles = new Map(w.webhook.accepted.map((d) => [d.path, embedsOf(d.body)[0].title]));
    expect(titles.get("/api/webhooks/111/token-a")).toBe("Casaco da Ana");
    expect(titles.get("/api/webhooks/222/token-b")).toBe("Casaco do Bruno");
    expect((await w.product(a)).status).toBe("in_stock");
    expect((await w.product(b)).status).toBe("in_stock");
    // then it settles again on the new answer, and nobody is alerted twice
    await settledFetches(2);
    expect(await targetKeyOf(a)).not.toBe(key);
    expect((await w.product(a)).readingKey).toBe(await targetKeyOf(a));
    expect(w.webhook.accepted).toHaveLength(2);
  });

  it("a rule edited while settled is applied at the next fetch, though the answer is the same", async () => {
    // in stock in M only; the watcher wants L: nothing for it
    w.retailer.setProduct("sizes", { sizes: ["M"] });
    const a = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/sizes`,
      webhookUrl: HOOK_A,
      rules: { mySizes: ["L"] },
    });
    await w.start();
    await settledFetches(2);
    expect(w.webhook.accepted).toHaveLength(0);
    const { editVersion } = await w.product(a);

    // M after all: the edit forgets what it read, so the next fetch reads the watcher again
    await db()
      .update(products)
      .set({ rules: sql`jsonb_set(rules, '{mySizes}', '["M"]')` })
      .where(eq(products.id, a));
    const edited = await w.product(a);
    expect(edited.readingKey).toBeNull();
    expect(edited.editVersion).toBe(editVersion + 1);
    await w.webhook.waitForAccepted(1);
    expect(embedsOf(w.webhook.accepted[0].body)[0].title).toContain("Produto de teste");
    expect((await w.product(a)).lastNotifiedSizes).toBe(JSON.stringify(["M"]));
  });

  it("a watcher at 3 s beside one at 1 s keeps its own pace while the target is settled", async () => {
    w.retailer.setProduct("pace", { sizes: ["S"] });
    const fast = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/pace`,
      interval: 1000,
    });
    const slow = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/pace`,
      interval: 3000,
    });
    await w.start();
    await settledFetches(2);
    const slowChecks: number[] = [];
    let last = (await w.product(slow)).lastCheck?.getTime() ?? 0;
    for (let i = 0; i < 6; i++) {
      await w.checkedAgain(fast, 1);
      const now = (await w.product(slow)).lastCheck?.getTime() ?? 0;
      if (now !== last) slowChecks.push(now);
      last = now;
    }
    // six reads of the fast one's are about six seconds: the slow one read about twice, never at
    // the fast one's pace (a fetch serves it up to 1 s, the shortest interval, before its due
    // time, so two reads are 2-3 s apart), and its next due time is about its interval away
    expect(slowChecks.length).toBeGreaterThanOrEqual(1);
    expect(slowChecks.length).toBeLessThanOrEqual(3);
    for (let i = 1; i < slowChecks.length; i++)
      expect(slowChecks[i] - slowChecks[i - 1]).toBeGreaterThanOrEqual(1500);
    const row = await w.product(slow);
    expect(row.nextCheckAt.getTime() - row.lastCheck!.getTime()).toBeGreaterThan(2000);
  });

  it("a held target (the embedded database's hold) is fetched every second, its clocks written once per hold, a change read at once, its last clock written at stop", async () => {
    w.retailer.setProduct("held", { status: "out_of_stock" });
    const a = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/held`,
      webhookUrl: HOOK_A,
      interval: 1000,
    });
    const engine = await w.start({
      scheduler: { holdSettledMs: 3000, leaseMs: 30_000, checkTimeoutMs: 2000 },
    });
    await settledFetches(2);
    w.retailer.requestLog = [];
    const fetchTimes = () =>
      (w.retailer.requestLog ?? []).filter((r) => r.path.startsWith("/products/held")).map((r) => r.at);
    // five fetches at 1 s (four seconds): a hold is at most three of them apart, so the product's
    // clock is written at most twice meanwhile, not after each fetch
    const clocks = new Set<number>();
    await eventually(async () => {
      clocks.add((await w.product(a)).lastCheck?.getTime() ?? 0);
      expect(fetchTimes().length).toBeGreaterThanOrEqual(5);
    }, 20_000);
    expect(clocks.size).toBeLessThanOrEqual(3);

    // a new answer is not held to the hold's end: the first fetch that reads it alerts (a second
    // fetch may come before the delivery on a busy machine; the hold's end is three away)
    const changedAt = Date.now();
    w.retailer.setProduct("held", { sizes: ["M"] });
    await w.webhook.waitForAccepted(1);
    const alertedAt = w.webhook.accepted[0].at;
    const between = fetchTimes().filter((t) => t > changedAt && t < alertedAt);
    expect(between.length).toBeGreaterThanOrEqual(1);
    expect(between.length).toBeLessThanOrEqual(2);

    // settled again and held: the database's clock is behind the last fetch until the engine stops
    await settledFetches(2);
    await eventually(async () => {
      const last = Math.max(...fetchTimes());
      expect((await w.product(a)).lastCheck!.getTime()).toBeLessThan(last - 100);
    }, 15_000);
    w.engines.splice(w.engines.indexOf(engine), 1);
    await engine.stop();
    const lastFetch = Math.max(...fetchTimes());
    const { lastCheck } = await w.product(a);
    expect(lastCheck!.getTime()).toBeGreaterThanOrEqual(lastFetch);
    expect(lastCheck!.getTime() - lastFetch).toBeLessThan(2000);
    expect(w.webhook.accepted).toHaveLength(1);
  });

  it("a held target keeps its lease from hold to hold while its page does not change, its clocks still written each hold", async () => {
    w.retailer.setProduct("kept", { status: "out_of_stock" });
    const a = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/kept`, interval: 1000 });
    const engine = await w.start({
      scheduler: { holdSettledMs: 2000, leaseMs: 30_000, checkTimeoutMs: 2000 },
    });
    // leased twice (its first reading, then settled): from then on each hold's write renews the lease
    await settledFetches(2);
    const leased = engine.stats.leasedTargets;
    const rounds = engine.stats.leaseRounds;
    const clocks = new Set<number>();
    const from = engine.stats.settledFetches;
    await eventually(async () => {
      clocks.add((await w.product(a)).lastCheck?.getTime() ?? 0);
      expect(engine.stats.settledFetches).toBeGreaterThanOrEqual(from + 7);
    }, 20_000);
    // seven fetches span three holds of two seconds: no lease statement took it again, yet each
    // hold's end wrote its clock
    expect(engine.stats.leasedTargets).toBe(leased);
    // nor did its writes wake the lease loop to look for what it holds (one look may come from
    // the settings' refresh or the loop's own idle turn)
    expect(engine.stats.leaseRounds - rounds).toBeLessThanOrEqual(1);
    expect(clocks.size).toBeGreaterThanOrEqual(2);
    const [target] = await db()
      .select({ leasedBy: monitorTargets.leasedBy })
      .from(monitorTargets)
      .innerJoin(products, eq(products.targetId, monitorTargets.id))
      .where(eq(products.id, a));
    expect(target.leasedBy).not.toBeNull();
  });

  it("a settled write that renews its lease keeps it only while no watcher must be read: not after an edit, a new watcher or the last one turned off", async () => {
    const ids: number[] = [];
    for (const name of ["r1", "r2", "r3", "r4"])
      ids.push(
        await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/${name}`, interval: 1000 }),
      );
    const [calm, edited, joined, off] = ids;
    await db().execute(sql`update products set next_check_at = now() - interval '1 second',
      last_check = now() - interval '1 second' where id in (${calm}, ${edited}, ${joined}, ${off})`);
    await adoptUntargeted(db(), 100);
    const first = await leaseDue(db(), "w1", 10, 60_000);
    const now = Date.now();
    await writeBatch(
      db(),
      "w1",
      {
        targets: first.map((t) => ({ id: t.id, next: now - 1000, key: "same" })),
        settled: [],
        checks: first.map((t) => ({
          id: t.watchers[0].id,
          target: t.id,
          next: now - 1000,
          ok: true,
          streak: 0,
          err: null,
          at: now,
          key: "same",
          ver: t.watchers[0].editVersion,
        })),
        activities: [],
        alerts: [],
      },
      60_000,
    );
    const settled = await leaseDue(db(), "w1", 10, 60_000);
    expect(settled.map((t) => t.settled?.key)).toEqual(["same", "same", "same", "same"]);
    const targetOf = async (id: number) => (await w.product(id)).targetId!;
    // while the fetches are under way: one watcher edited, one joined by another's, one turned off
    await db().update(products).set({ checkInterval: 5000 }).where(eq(products.id, edited));
    const newcomer = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/r3`,
      interval: 1000,
    });
    await adoptUntargeted(db(), 100);
    expect(await targetOf(newcomer)).toBe(await targetOf(joined));
    await db().update(products).set({ isActive: false }).where(eq(products.id, off));
    const at = Date.now();
    const { kept } = await writeBatch(
      db(),
      "w1",
      {
        targets: [],
        settled: settled.map((t) => ({
          id: t.id,
          started: at - 50,
          at,
          shortest: 1000,
          key: "same",
          next: at + 1000,
          renewMs: 30_000,
        })),
        checks: [],
        activities: [],
        alerts: [],
      },
      60_000,
    );
    expect([...kept]).toEqual([await targetOf(calm)]);
    const leases = await db()
      .select({ id: monitorTargets.id, leasedBy: monitorTargets.leasedBy, until: monitorTargets.leaseUntil })
      .from(monitorTargets);
    const byId = new Map(leases.map((l) => [l.id, l]));
    const calmLease = byId.get(await targetOf(calm))!;
    expect(calmLease.leasedBy).toBe("w1");
    expect(calmLease.until!.getTime()).toBeGreaterThan(at + 20_000);
    for (const id of [edited, joined, off]) expect(byId.get(await targetOf(id))!.leasedBy).toBeNull();
    // the kept one's watcher got its clock as any settled write gives it
    expect((await w.product(calm)).lastCheck!.getTime()).toBe(at);
  });

  it("the only engine of a database takes back at start what its killed run left leased, without waiting out the lease", async () => {
    w.retailer.setProduct("left", { status: "out_of_stock" });
    const a = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/left`, interval: 1000 });
    await adoptUntargeted(db(), 100);
    // the run killed (kill -9) while it held the target: its lease has a minute to go
    await db().execute(sql`update monitor_targets set leased_by = 'killed-run',
      lease_until = now() + interval '1 minute', next_check_at = now()
      where id = (select target_id from products where id = ${a})`);
    await w.start({ scheduler: { soleEngine: true } });
    await w.checkedAgain(a, 2, 15_000);
  });

  it("what a watcher read is not remembered when it was edited between the lease and the write", async () => {
    const edited = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/e1` });
    const quiet = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/e2` });
    // both read before (a first read is never "nothing changed": it writes its activity line)
    await db().execute(sql`update products set next_check_at = now() - interval '1 second',
      last_check = now() - interval '1 second' where id in (${edited}, ${quiet})`);
    await adoptUntargeted(db(), 100);
    const leased = await leaseDue(db(), "w1", 10, 60_000);
    expect(leased.map((t) => t.settled)).toEqual([null, null]);
    // the user edits one while its fetch is under way
    await db().update(products).set({ checkInterval: 5000 }).where(eq(products.id, edited));
    const now = Date.now();
    const checks = leased.map((t) => {
      const watcher = t.watchers[0];
      return {
        id: watcher.id,
        target: t.id,
        next: now + 1000,
        ok: true,
        streak: 0,
        err: null,
        at: now,
        key: "same-answer",
        ver: watcher.editVersion,
      };
    });
    await writeBatch(
      db(),
      "w1",
      {
        targets: leased.map((t) => ({ id: t.id, next: now + 1000, key: "same-answer" })),
        settled: [],
        checks,
        activities: [],
        alerts: [],
      },
      60_000,
    );
    expect((await w.product(quiet)).readingKey).toBe("same-answer");
    expect((await w.product(edited)).readingKey).toBeNull();
    expect(await targetKeyOf(edited)).toBe("same-answer");
    // so its target is not settled: the next lease reads its watcher
    await db().execute(sql`update monitor_targets set next_check_at = now() - interval '1 second'`);
    // every target due (those of the tests before too, their watchers off): room for them all
    const again = await leaseDue(db(), "w1", 100, 60_000);
    const byTarget = new Map(again.map((t) => [t.id, t]));
    const editedTarget = byTarget.get((await w.product(edited)).targetId!)!;
    const quietTarget = byTarget.get((await w.product(quiet)).targetId!)!;
    expect(editedTarget.settled).toBeNull();
    expect(editedTarget.watchers.map((x) => x.id)).toEqual([edited]);
    // with its one watcher's owner and interval (a host over its budget stretches it per owner)
    expect(quietTarget.settled).toEqual({
      key: "same-answer",
      shortest: 1000,
      watches: `${(await w.product(quiet)).userId}:1000`,
    });
    expect(quietTarget.watchers).toEqual([]);
    expect(quietTarget.url).toBe(`${SHOP}/products/e2`);
  });
});
