import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { monitorTargets, products, users } from "../src/db/schema.js";
import { createWorld, embedsOf, eventually, sleep, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = "https://nudeproject.com";
const HOOK_A = "https://discord.com/api/webhooks/111/token-a";
const HOOK_B = "https://discord.com/api/webhooks/222/token-b";

/** monitors that watch the same page share one fetch (issue 26, shared targets) */
describe.each(dbKinds())("shared targets (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  const fetches = (handle: string) => w.retailer.paths.get(`/products/${handle}.js`) ?? 0;
  const targetCount = async () => {
    const rows = await w.database.db.select().from(monitorTargets);
    return rows.length;
  };

  it("two users watching one page → one request per interval; each alerted once on their own webhook, with their own name", async () => {
    w.retailer.setProduct("shared", { status: "out_of_stock" });
    const other = await w.addUser();
    const a = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/shared`,
      name: "Hoodie da Ana",
      webhookUrl: HOOK_A,
    });
    // the same page pasted from a newsletter: tracking parameters do not make another target
    const b = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/shared/?utm_source=newsletter&utm_campaign=drop`,
      name: "Hoodie do Bruno",
      webhookUrl: HOOK_B,
      userId: other,
    });
    await w.start();
    await eventually(async () => {
      expect((await w.product(a)).lastCheck).not.toBeNull();
      expect((await w.product(b)).lastCheck).not.toBeNull();
    });
    expect((await w.product(a)).targetId).toBe((await w.product(b)).targetId);

    w.retailer.resetStats();
    // both watchers read N more times: one fetch serves both, so the page was fetched about N
    // times, not 2N (one fetch under way at the reset may land uncounted, or counted unwritten)
    const N = 4;
    await Promise.all([w.checkedAgain(a, N), w.checkedAgain(b, N)]);
    expect(fetches("shared")).toBeGreaterThanOrEqual(N - 1);
    expect(fetches("shared")).toBeLessThanOrEqual(N + 1);
    // and both products' own state moved with every fetch
    const lastA = (await w.product(a)).lastCheck!.getTime();
    const lastB = (await w.product(b)).lastCheck!.getTime();
    expect(Date.now() - lastA).toBeLessThan(2500);
    expect(Date.now() - lastB).toBeLessThan(2500);

    w.retailer.setProduct("shared", { sizes: ["M"] });
    await w.webhook.waitForAccepted(2);
    // more fetches of the same state: nobody is alerted again
    await Promise.all([w.checkedAgain(a, 2), w.checkedAgain(b, 2)]);
    expect(w.webhook.accepted).toHaveLength(2);
    const byPath = new Map(w.webhook.accepted.map((d) => [d.path, embedsOf(d.body)[0].title]));
    expect(byPath.get("/api/webhooks/111/token-a")).toBe("Hoodie da Ana");
    expect(byPath.get("/api/webhooks/222/token-b")).toBe("Hoodie do Bruno");
    // each product's own activity line, in its owner's log
    const [rowA, rowB] = [await w.product(a), await w.product(b)];
    expect([rowA.status, rowB.status]).toEqual(["in_stock", "in_stock"]);
    expect((await w.activities(b)).every((l) => l.userId === other)).toBe(true);
    expect((await w.activities(a)).every((l) => l.userId === w.userId)).toBe(true);
  });

  it("a product written just after the engine looked for new ones is fetched at once, not after the idle sleep", async () => {
    w.retailer.setProduct("first", { status: "in_stock" });
    w.retailer.setProduct("right-after", { status: "in_stock" });
    await w.start();
    await sleep(500); // idle, as in the test below
    const first = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/first`,
      interval: 60_000,
    });
    // the wake placed it: the next wake comes within ADOPT_EVERY_MS of that look, which it put off
    await eventually(async () => expect((await w.product(first)).targetId).not.toBeNull(), 5000, 2);
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/right-after`,
      interval: 60_000,
    });
    const addedAt = Date.now();
    await eventually(async () => expect((await w.product(id)).lastCheck).not.toBeNull(), 10_000);
    expect(Date.now() - addedAt).toBeLessThan(5000);
    expect(fetches("right-after")).toBe(1);
  });

  it("an idle engine sleeps until it is told: a product written by another process is fetched at once", async () => {
    w.retailer.setProduct("woken", { status: "in_stock" });
    await w.start();
    // nothing to do: the lease loop and the notifier sleep (up to 30 s) instead of polling. The
    // engine shows no sign of falling asleep, so this one wait stays, at its minimum: its first turn
    // after start (two queries) and the lease loop's 250 ms between two looks for new products
    // (ADOPT_EVERY_MS in scheduler.ts). Past them only the wake brings the product in at once
    await sleep(500);
    // written straight to the table, as the web process of another machine would: no checkSoon
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/woken`,
      interval: 60_000,
    });
    const addedAt = Date.now();
    await eventually(async () => expect((await w.product(id)).lastCheck).not.toBeNull(), 5000);
    expect(Date.now() - addedAt).toBeLessThan(5000);
    expect(fetches("woken")).toBe(1);
  });

  it("one watcher pauses, the other goes on; the last one paused stops the fetches", async () => {
    w.retailer.setProduct("pause", { status: "out_of_stock" });
    w.retailer.setProduct("pause-witness", { status: "out_of_stock" });
    const other = await w.addUser();
    const witness = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/pause-witness` });
    const a = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/pause` });
    const b = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/pause`, userId: other });
    await w.start();
    await eventually(async () => expect((await w.product(b)).lastCheck).not.toBeNull());
    await w.database.db.update(products).set({ isActive: false }).where(eq(products.id, b));
    const pausedAt = (await w.product(b)).lastCheck!.getTime();
    w.retailer.resetStats();
    // two more readings for the watcher still on, none for the paused one
    await w.checkedAgain(a, 2);
    expect(fetches("pause")).toBeGreaterThanOrEqual(1);
    expect((await w.product(a)).lastCheck!.getTime()).toBeGreaterThan(pausedAt);
    expect((await w.product(b)).lastCheck!.getTime()).toBe(pausedAt);

    await w.database.db.update(products).set({ isActive: false }).where(eq(products.id, a));
    // a page of its own at the same 1 s, read twice: any fetch of "pause" leased before it was
    // paused has ended (two leases and writes since)…
    await w.checkedAgain(witness, 2);
    w.retailer.resetStats();
    // …and twice more: "pause" was due at least once meanwhile, and nobody fetched it
    await w.checkedAgain(witness, 2);
    expect(fetches("pause")).toBe(0);
    // turned on again: fetched at once, not after a full interval
    await w.database.db
      .update(products)
      .set({ isActive: true, nextCheckAt: new Date() })
      .where(eq(products.id, b));
    await eventually(async () => expect(fetches("pause")).toBeGreaterThanOrEqual(1));
  });

  it("a watcher at 60 s beside one at 1 s: the page is fetched at 1 s, the slow watcher read at its own pace", async () => {
    w.retailer.setProduct("pace", { status: "out_of_stock" });
    const other = await w.addUser();
    const fast = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/pace`,
      interval: 1000,
    });
    const slow = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/pace`,
      interval: 60_000,
      userId: other,
    });
    await w.start();
    await eventually(async () => expect((await w.product(slow)).lastCheck).not.toBeNull());
    const slowFirst = (await w.product(slow)).lastCheck!.getTime();
    w.retailer.resetStats();
    // the fast watcher read three more times: the page was fetched about three times (one fetch
    // under way at the reset may land uncounted, or be counted and not yet written)
    await w.checkedAgain(fast, 3);
    expect(fetches("pace")).toBeGreaterThanOrEqual(2);
    expect(fetches("pace")).toBeLessThanOrEqual(4);
    expect((await w.product(fast)).lastCheck!.getTime()).toBeGreaterThan(slowFirst);
    // the slow watcher's own interval holds: one reading in its minute, not one per fetch
    expect((await w.product(slow)).lastCheck!.getTime()).toBe(slowFirst);
    expect((await w.product(slow)).nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it("a different configuration or another page → another target; an edited URL moves to its new target", async () => {
    w.retailer.setProduct("one", { status: "out_of_stock" });
    w.retailer.setProduct("two", { status: "out_of_stock" });
    const before = await targetCount();
    const plain = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/one` });
    const tuned = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/one`,
      config: JSON.stringify({ lowStockThreshold: 2 }),
    });
    const variant = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/one?variant=7` });
    await w.start();
    await eventually(async () => {
      for (const id of [plain, tuned, variant]) expect((await w.product(id)).lastCheck).not.toBeNull();
    });
    const targets = new Set([
      (await w.product(plain)).targetId,
      (await w.product(tuned)).targetId,
      (await w.product(variant)).targetId,
    ]);
    expect(targets.size).toBe(3);
    expect(await targetCount()).toBe(before + 3);

    await w.database.db
      .update(products)
      .set({ url: `${SHOP}/products/two`, nextCheckAt: new Date() })
      .where(eq(products.id, plain));
    await eventually(async () => expect(fetches("two")).toBeGreaterThanOrEqual(1));
    const moved = await w.product(plain);
    expect(targets.has(moved.targetId)).toBe(false);
  });

  it("products from before targets existed are placed at start, the same page once", async () => {
    w.retailer.setProduct("old", { status: "out_of_stock" });
    const other = await w.addUser();
    const ids = [
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/old` }),
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/old`, userId: other }),
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/old#reviews` }),
    ];
    // as a database migrated from before: no target
    await w.database.db.execute(
      sql`update products set target_id = null where id = any(${`{${ids.join(",")}}`}::int[])`,
    );
    await w.start();
    const rows = await Promise.all(ids.map((id) => w.product(id)));
    expect(rows.every((r) => r.targetId !== null)).toBe(true);
    expect(new Set(rows.map((r) => r.targetId)).size).toBe(1);
  });

  it("a disabled account's monitor is not served and costs no fetch; enabled again, it is fetched at once", async () => {
    w.retailer.setProduct("gone", { status: "out_of_stock" });
    w.retailer.setProduct("kept", { status: "out_of_stock" });
    const other = await w.addUser();
    const alone = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/gone`,
      userId: other,
    });
    const shared = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/kept`,
      userId: other,
    });
    const mine = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/kept` });
    await w.start();
    await eventually(async () => expect((await w.product(alone)).lastCheck).not.toBeNull());
    await eventually(async () => expect((await w.product(shared)).lastCheck).not.toBeNull());
    await w.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, other));
    // my own watcher of "kept" (1 s, like the disabled account's) read twice: a check leased before
    // the account was disabled has been written (two leases and writes since)…
    await w.checkedAgain(mine, 2);
    const [aloneAt, sharedAt] = [(await w.product(alone)).lastCheck!, (await w.product(shared)).lastCheck!];
    w.retailer.resetStats();
    // …and twice more: "gone" and the account's watcher of "kept" were due meanwhile
    await w.checkedAgain(mine, 2);
    expect(fetches("gone")).toBe(0);
    expect(fetches("kept")).toBeGreaterThanOrEqual(1);
    expect((await w.product(mine)).lastCheck!.getTime()).toBeGreaterThan(sharedAt.getTime());
    expect((await w.product(shared)).lastCheck).toEqual(sharedAt);
    expect((await w.product(alone)).lastCheck).toEqual(aloneAt);

    await w.database.db.update(users).set({ disabledAt: null }).where(eq(users.id, other));
    await eventually(async () => expect(fetches("gone")).toBeGreaterThanOrEqual(1));
    await eventually(async () =>
      expect((await w.product(alone)).lastCheck!.getTime()).toBeGreaterThan(aloneAt.getTime()),
    );
  });

  it("a page that answers 404 rests, its interval doubling; missing for the window, each watcher pauses with one alert", async () => {
    const other = await w.addUser();
    const url = `${SHOP}/products/vanished`;
    const a = await w.addProduct({ platform: "nudeproject", url, name: "Ténis da Ana", webhookUrl: HOOK_A });
    const b = await w.addProduct({
      platform: "nudeproject",
      url,
      name: "Ténis do Bruno",
      webhookUrl: HOOK_B,
      userId: other,
    });
    // the windows shortened: the page rests 2, then 4 s (at most); missing for 5 s, its monitors pause
    await w.start({ scheduler: { rest: { maxRestMs: 4_000, pauseAfterMs: 5_000 } } });
    const started = Date.now();
    await eventually(async () => expect((await w.product(a)).lastError).toBe("não encontrado"));
    const [target] = await w.database.db
      .select()
      .from(monitorTargets)
      .where(eq(monitorTargets.id, (await w.product(a)).targetId!));
    expect(target.notFoundStreak).toBeGreaterThanOrEqual(1);
    expect(target.nextCheckAt!.getTime()).toBeGreaterThanOrEqual(target.notFoundSince!.getTime() + 2000);

    await w.webhook.waitForAccepted(2, 20_000);
    const elapsed = (Date.now() - started) / 1000;
    // at 1 s it would have been fetched every second; resting: at 0, 2 and 6 s
    expect(fetches("vanished")).toBeLessThanOrEqual(4);
    expect(fetches("vanished")).toBeLessThan(elapsed);
    const byPath = new Map(w.webhook.accepted.map((d) => [d.path, embedsOf(d.body)[0]]));
    expect(byPath.get("/api/webhooks/111/token-a")?.title).toBe("Ténis da Ana");
    expect(byPath.get("/api/webhooks/222/token-b")?.title).toBe("Ténis do Bruno");
    expect(byPath.get("/api/webhooks/111/token-a")?.description).toBe(
      "Produto pausado: a página já não existe",
    );
    for (const id of [a, b]) {
      const row = await w.product(id);
      expect(row.isActive).toBe(false);
      expect((await w.activities(id)).map((l) => l.message)).toContain(
        "Produto pausado: a página já não existe",
      );
    }
    w.retailer.resetStats();
    // the page still had its rest's due time when its watchers paused: the engine leases it then,
    // finds nobody to serve and drops it from the schedule (no due time) without a fetch
    const targetId = (await w.product(a)).targetId!;
    await eventually(async () => {
      const [rested] = await w.database.db
        .select()
        .from(monitorTargets)
        .where(eq(monitorTargets.id, targetId));
      expect(rested.nextCheckAt).toBeNull();
    }, 15_000);
    expect(fetches("vanished")).toBe(0);
    expect(w.webhook.accepted).toHaveLength(2);
  });
});
