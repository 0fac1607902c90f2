import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { activityLogs, monitorTargets, notifications, products } from "../src/db/schema.js";
import type { AlertPayload } from "../src/engine/notify/alert.js";
import { adoptUntargeted, type CheckBatch, leaseDue, writeBatch } from "../src/engine/store.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = "https://nudeproject.com";

const restockAlert = (productId: number): AlertPayload => ({
  kind: "restock",
  productId,
  productName: "Produto de teste",
  productUrl: `${SHOP}/products/x`,
  platform: "nudeproject",
  status: "in_stock",
  sizes: ["M"],
  newSizes: ["M"],
  at: new Date().toISOString(),
});

/** the outcomes of many checks are written in one statement: one transaction for all of them */
describe.each(dbKinds())("engine batch writes (%s)", (kind) => {
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
  /** the products due and placed in their targets, as the scheduler places them */
  const due = async (ids: number[]) => {
    await db().execute(sql`update products set next_check_at = now() - interval '1 second', is_active = true
      where id = any(${`{${ids.join(",")}}`}::int[])`);
    await adoptUntargeted(db(), 100);
  };
  const targetOf = async (id: number) => (await w.product(id)).targetId as number;

  it("a batch where one product changed writes its state, activity and outbox row; the others only their bookkeeping", async () => {
    const quiet = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/q` });
    const changed = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/c` });
    await due([quiet, changed]);
    const leased = await leaseDue(db(), "w1", 10, 60_000);
    expect(leased.flatMap((t) => t.watchers.map((p) => p.id)).sort()).toEqual([quiet, changed].sort());
    const now = Date.now();
    const [quietTarget, changedTarget] = [await targetOf(quiet), await targetOf(changed)];
    const batch: CheckBatch = {
      settled: [],
      targets: [
        { id: quietTarget, next: now + 1000 },
        { id: changedTarget, next: now + 1000 },
      ],
      checks: [
        { id: quiet, target: quietTarget, next: now + 1000, ok: true, streak: 0, err: null, at: now },
        {
          id: changed,
          target: changedTarget,
          next: now + 1000,
          ok: true,
          streak: 0,
          err: null,
          at: now,
          changes: { status: "in_stock", sizes: '["M"]', notifiedStatus: "in_stock", notifiedSizes: '["M"]' },
        },
      ],
      activities: [
        {
          productId: changed,
          action: "stock_check",
          code: "check_status",
          params: { status: "in_stock", sizes: ["M"] },
          message: "Em Stock · tamanhos: M",
          type: "success",
        },
      ],
      alerts: [{ productId: changed, payload: restockAlert(changed), message: "restock", type: "restock" }],
    };
    const { queued } = await writeBatch(db(), "w1", batch, 60_000);

    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ productId: changed, attempts: 1, message: "restock" });
    expect(queued[0].payload.kind).toBe("restock");
    const [outbox] = await db().select().from(notifications).where(eq(notifications.id, queued[0].id));
    // leased to this process's notifier, which gets it in memory: no other process takes it meanwhile
    expect(outbox.status).toBe("sending");
    expect(outbox.leaseUntil!.getTime()).toBeGreaterThan(Date.now() + 30_000);
    const c = await w.product(changed);
    expect(c).toMatchObject({ status: "in_stock", lastNotifiedStatus: "in_stock" });
    expect(JSON.parse(c.availableSizes ?? "[]")).toEqual(["M"]);
    expect(c.lastCheck?.getTime()).toBe(now);
    expect(c.nextCheckAt.getTime()).toBe(now + 1000);
    expect((await w.activities(changed)).map((a) => a.action)).toEqual(["stock_check"]);
    const q = await w.product(quiet);
    expect(q).toMatchObject({ status: "unknown" });
    const targets = await db()
      .select()
      .from(monitorTargets)
      .where(inArray(monitorTargets.id, [quietTarget, changedTarget]));
    expect(targets.map((t) => [t.leasedBy, t.leaseUntil, t.nextCheckAt?.getTime()])).toEqual([
      [null, null, now + 1000],
      [null, null, now + 1000],
    ]);
    expect(q.lastCheck?.getTime()).toBe(now);
    expect(await w.activities(quiet)).toHaveLength(0);
  });

  it("a product whose target's lease another worker holds now writes nothing: no state, activity or alert", async () => {
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/lost` });
    await due([id]);
    await leaseDue(db(), "w1", 10, 60_000);
    const target = await targetOf(id);
    // w1's lease expired and w2 took the target over
    await db().execute(sql`update monitor_targets set leased_by = 'w2' where id = ${target}`);
    const now = Date.now();
    const { queued } = await writeBatch(
      db(),
      "w1",
      {
        settled: [],
        targets: [{ id: target, next: now + 1000 }],
        checks: [
          {
            id,
            target,
            next: now + 1000,
            ok: true,
            streak: 0,
            err: null,
            at: now,
            changes: { status: "in_stock" },
          },
        ],
        activities: [
          {
            productId: id,
            action: "stock_check",
            code: "check_status",
            params: { status: "in_stock" },
            message: "Em Stock",
            type: "success",
          },
        ],
        alerts: [{ productId: id, payload: restockAlert(id), message: "restock", type: "restock" }],
      },
      60_000,
    );
    expect(queued).toHaveLength(0);
    expect(await w.product(id)).toMatchObject({ status: "unknown", lastCheck: null });
    const [row] = await db().select().from(monitorTargets).where(eq(monitorTargets.id, target));
    expect(row.leasedBy).toBe("w2");
    expect(await w.activities(id)).toHaveLength(0);
    expect((await w.notificationRows()).filter((r) => r.productId === id)).toHaveLength(0);
  });

  it("a batch whose write fails loses nothing and doubles nothing: the restock is alerted once, later", async () => {
    w.retailer.setProduct("flaky", { status: "out_of_stock" });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/flaky` });
    const errors: unknown[] = [];
    await w.start({ onError: (e) => errors.push(e), scheduler: { leaseMs: 2000 } });
    await eventually(async () => expect((await w.product(id)).lastCheck).not.toBeNull());

    // every outbox insert fails from now on, so the whole statement of the restock's batch fails
    await db().execute(
      sql`alter table notifications add constraint batch_test_refuse check (id < 0) not valid`,
    );
    try {
      w.retailer.setProduct("flaky", { sizes: ["M"] });
      await eventually(() => expect(errors.length).toBeGreaterThanOrEqual(2), 10_000);
      // nothing of the failed batches was written: not the new state, not the activity, not the alert
      const p = await w.product(id);
      expect(p.status).toBe("out_of_stock");
      expect(p.lastNotifiedStatus).toBeNull();
      expect((await w.activities(id)).filter((a) => a.type === "success")).toHaveLength(0);
      expect((await w.notificationRows()).filter((r) => r.productId === id)).toHaveLength(0);
      expect(w.webhook.received).toHaveLength(0);
    } finally {
      await db().execute(sql`alter table notifications drop constraint batch_test_refuse`);
    }

    // the refused product's lease expired, so a later check saw the restock again and alerted once
    await w.webhook.waitForAccepted(1);
    // two more checks see the same restock: it was alerted once, not again
    await w.checkedAgain(id, 2);
    expect(w.webhook.received).toHaveLength(1);
    const rows = (await w.notificationRows()).filter((r) => r.productId === id);
    expect(rows).toHaveLength(1);
    await eventually(async () =>
      expect((await w.notificationRows()).find((r) => r.productId === id)?.status).toBe("sent"),
    );
    const p = await w.product(id);
    expect(p).toMatchObject({ status: "in_stock", lastNotifiedStatus: "in_stock" });
    expect(
      (await db().select().from(activityLogs).where(eq(activityLogs.productId, id))).filter(
        (a) => a.action === "stock_check" && a.type === "success",
      ),
    ).toHaveLength(1);
  });

  it("a product whose values the database refuses does not hold back the others written with it", async () => {
    // 1 000 000 000 € does not fit numeric(10,2): that product's row breaks its batch statement
    w.retailer.setProduct("absurd", { sizes: ["M"], price: "1000000000.00" });
    w.retailer.setProduct("fine", { sizes: ["M"] });
    const absurd = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/absurd` });
    const fine = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/fine` });
    const errors: unknown[] = [];
    await w.start({ onError: (e) => errors.push(e) });
    await w.webhook.waitForAccepted(1);
    await w.checkedAgain(fine, 2);
    expect(w.webhook.received).toHaveLength(1);
    const rows = await w.notificationRows();
    expect(rows.filter((r) => r.productId === fine)).toHaveLength(1);
    expect(rows.filter((r) => r.productId === absurd)).toHaveLength(0);
    expect(await w.product(fine)).toMatchObject({ status: "in_stock", lastNotifiedStatus: "in_stock" });
    // the refused one wrote nothing and keeps its lease until it expires (then it is tried again)
    expect(await w.product(absurd)).toMatchObject({ status: "unknown", lastCheck: null });
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect((errors[0] as { code?: string }).code).toBe("22003");
  });

  it("many products changing at once: each one's alert is written and delivered once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      w.retailer.setProduct(`many${i}`, { status: "out_of_stock" });
      ids.push(await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/many${i}` }));
    }
    await w.settings({ maxConcurrentChecks: 50 });
    // the notifier holds 4 rows at most: the rest of the batch's rows go back to the table for later
    await w.start({
      notifier: { perWebhook: { count: 100, windowMs: 1000 }, globalPerSecond: 1000, maxInFlight: 4 },
    });
    await eventually(async () => {
      const r = await db().execute(
        sql`select count(*)::int as n from ${products} where last_check is null and id = any(${`{${ids.join(",")}}`}::int[])`,
      );
      expect((r as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    });
    for (let i = 0; i < 30; i++) w.retailer.setProduct(`many${i}`, { sizes: ["L"] });
    await w.webhook.waitForAccepted(30);
    // each product checked again after its alert went out: still one alert each
    await Promise.all(ids.map((id) => w.checkedAgain(id, 1)));
    expect(w.webhook.received).toHaveLength(30);
    const mine = async () => (await w.notificationRows()).filter((r) => ids.includes(r.productId ?? 0));
    const rows = await mine();
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.productId))).toEqual(new Set(ids));
    await eventually(async () => expect((await mine()).every((r) => r.status === "sent")).toBe(true));
  });
});
