import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { adoptUntargeted, leaseDue } from "../src/engine/store.js";
import { createWorld, eventually, type World } from "./engine-support.js";

const adminUrl = process.env.TEST_PG_URL;

/** two worker processes share one PostgreSQL: here two engines, each with its own pool */
describe.skipIf(!adminUrl)("two workers on the real PostgreSQL", () => {
  const name = `sm_workers_${randomBytes(5).toString("hex")}`;
  let first: Database;
  let second: Database;
  let w: World;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    first = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    // opened as `npm run worker` opens it: hearing the engine's wake-ups alone
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, notifications: "engine" });
    w = await createWorld(first);
  });

  afterAll(async () => {
    await w.close();
    await first.close();
    await second.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it("checks every due product once per interval, without duplicate alerts", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      w.retailer.setProduct(`w${i}`, { status: "out_of_stock" });
      ids.push(
        await w.addProduct({ platform: "nudeproject", url: `https://nudeproject.com/products/w${i}` }),
      );
    }
    // a load one worker cannot carry alone, so both must take part whichever leases first: each
    // runs 4 checks at a time and a page answers in 200 ms, 20 checks a second against the 30 due.
    // With no limit a fast worker leased all 30 and the other made no check (1 Dec, 2 of 6 runs)
    w.retailer.delayMs = 200;
    const a = await w.start({ workerId: "worker-a", scheduler: { maxConcurrent: 4 } });
    const b = await w.start({ workerId: "worker-b", database: second, scheduler: { maxConcurrent: 4 } });
    await eventually(async () => {
      const rows = await first.db.execute(
        sql`select count(*)::int as n from products where last_check is not null`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(30);
    });
    w.retailer.resetStats();
    const started = Date.now();
    for (let i = 0; i < 30; i++) w.retailer.setProduct(`w${i}`, { sizes: ["M"] });
    // a window that ends when every product was read N more times, not a fixed sleep
    const N = 3;
    await w.checkedAgain(ids, N, 30_000);
    const seconds = (Date.now() - started) / 1000;
    for (let i = 0; i < 30; i++) {
      const count = w.retailer.paths.get(`/products/w${i}.js`) ?? 0;
      // every product read N times: its page fetched that often (one fetch under way at the reset
      // may have been written uncounted)
      expect(count).toBeGreaterThanOrEqual(N - 1);
      // 1 s interval: never two workers checking the same due time. Due times are at least 1 s
      // apart, so a loaded machine only widens this bound; two workers would fetch twice as often
      expect(count).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
    }
    expect(a.health()?.checksLastMinute).toBeGreaterThan(0);
    expect(b.health()?.checksLastMinute).toBeGreaterThan(0);
    await w.webhook.waitForAccepted(30);
    // every product read twice more (a repeated alert would have been written with those checks)
    // and every alert row sent or failed: nothing left that could still be delivered
    await w.checkedAgain(ids, 2, 30_000);
    await eventually(async () =>
      expect(
        (await w.notificationRows()).filter((r) => r.status === "pending" || r.status === "sending"),
      ).toEqual([]),
    );
    expect(w.webhook.accepted).toHaveLength(30);
    const titles = w.webhook.accepted.map((d) => JSON.stringify(d.body));
    expect(new Set(titles).size).toBe(30);
  });

  it("a killed worker's leases are taken over once they expire", async () => {
    await w.reset();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      w.retailer.setProduct(`k${i}`, { status: "out_of_stock" });
      ids.push(
        await w.addProduct({ platform: "nudeproject", url: `https://nudeproject.com/products/k${i}` }),
      );
    }
    // the "killed" worker leased them for 1.5 s and never came back
    await adoptUntargeted(second.db, 100);
    // taken before the lease: its end (the database's now() + 1.5 s) is later than leasedAt + 1.5 s
    const leasedAt = Date.now();
    const leased = await leaseDue(second.db, "worker-dead", 100, 1500);
    expect(leased.flatMap((t) => t.watchers.map((p) => p.id)).sort()).toEqual([...ids].sort());
    w.retailer.requestLog = [];
    await w.start({ workerId: "worker-alive" });
    await eventually(async () => {
      const rows = await first.db.execute(
        sql`select count(*)::int as n from products where last_check is not null and id in ${sql.raw(`(${ids.join(",")})`)}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(5);
    });
    // no request while the dead worker's lease held: over the whole lease, by each request's time,
    // rather than over the first 800 ms of it
    expect(w.retailer.requestLog.filter((r) => r.at < leasedAt + 1500).length).toBe(0);
    expect(Date.now() - leasedAt).toBeGreaterThanOrEqual(1400);
  });
});
