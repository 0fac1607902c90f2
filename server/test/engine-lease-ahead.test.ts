import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { nextDueMs } from "../src/engine/outcome-write.js";
import { LEASE_AHEAD, leadFor } from "../src/engine/lease-room.js";
import { adoptUntargeted, leaseDue, releaseTargets } from "../src/engine/store.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = "https://nudeproject.com";

describe("how early a target may be leased", () => {
  it("is a tenth of the shortest interval watched, 5 s at most, and 250 ms at least while that is a quarter of it", () => {
    expect(leadFor(10_000)).toBe(1000);
    expect(leadFor(3000)).toBe(300);
    // short intervals: the floor, so that the loop leases a few times a second, not ten
    expect(leadFor(2000)).toBe(250);
    expect(leadFor(1000)).toBe(250);
    // a quarter of the interval at most
    expect(leadFor(500)).toBe(125);
    expect(leadFor(60_000)).toBe(LEASE_AHEAD.maxMs);
    expect(leadFor(0)).toBe(0);
  });

  it("an early start keeps the cadence: the next due time counts from the due time", () => {
    const due = Date.parse("2026-05-01T10:00:00Z");
    const startedEarly = due - 4000;
    expect(nextDueMs(due, 60_000, startedEarly, startedEarly + 200)).toBe(due + 60_000);
  });
});

/** checks due close together share one lease (and so one write): what a small install costs */
describe.each(dbKinds())("leasing ahead (%s)", (kind) => {
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
  /** places the products in their targets, the first due now and the others `inMs` from now */
  const dueIn = async (ids: number[], inMs: number[]) => {
    await adoptUntargeted(db(), 100);
    for (const [i, id] of ids.entries())
      await db().execute(sql`update monitor_targets set next_check_at = now() + ${inMs[i]} * interval '1 millisecond',
        lease_until = null, leased_by = null where id = (select target_id from products where id = ${id})`);
  };
  const leasedIds = (targets: { watchers: { id: number }[] }[]) =>
    targets.flatMap((t) => t.watchers.map((p) => p.id)).sort((a, b) => a - b);

  it("takes the targets due within the lead with those due now, and no later one", async () => {
    const [now, soon, later] = [
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/agora`, interval: 60_000 }),
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/daqui-a-3s`, interval: 60_000 }),
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/daqui-a-9s`, interval: 60_000 }),
    ];
    await dueIn([now, soon, later], [-100, 3000, 9000]);
    // no lead: only what is due
    const onTime = await leaseDue(db(), "w1", 10, 60_000, 0);
    expect(leasedIds(onTime)).toEqual([now]);
    await releaseTargets(
      db(),
      "w1",
      onTime.map((t) => t.id),
    );
    // 5 s: the one due in 3 s comes along, the one in 9 s does not
    const ahead = await leaseDue(db(), "w1", 10, 60_000, 5000);
    expect(leasedIds(ahead)).toEqual([now, soon].sort((a, b) => a - b));
    const soonTarget = ahead.find((t) => t.watchers[0].id === soon);
    expect(soonTarget!.dueAt.getTime()).toBeGreaterThan(Date.now() + 1000);
  });

  it("a faster product added while the lead was read for slower ones is not fetched ahead of its own pace", async () => {
    w.retailer.setProduct("lento", { status: "in_stock" });
    w.retailer.setProduct("rapido", { status: "in_stock" });
    const slow = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/lento`,
      interval: 60_000,
    });
    // the shortest interval (so the lead, 5 s) is read at start and, here, not again
    await w.start({ scheduler: { settingsRefreshMs: 600_000 } });
    await eventually(async () => expect((await w.product(slow)).lastCheck).not.toBeNull());
    const fast = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/rapido`,
      interval: 1000,
    });
    await eventually(async () => expect((await w.product(fast)).lastCheck).not.toBeNull());
    w.retailer.resetStats();
    const started = Date.now();
    // with the 5 s lead, each write would make it due within the lead and it would be fetched
    // back to back; handed back, it keeps its 1 s pace
    await w.checkedAgain(fast, 3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(w.retailer.paths.get("/products/rapido.js") ?? 0).toBeLessThanOrEqual(4);
  });
});
