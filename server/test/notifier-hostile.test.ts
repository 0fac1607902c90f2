import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeWebhook } from "../../tools/fake-webhook.js";
import type { Database } from "../src/db/client.js";
import { notifications, users } from "../src/db/schema.js";
import { Transport } from "../src/engine/fetch/transport.js";
import type { AlertPayload } from "../src/engine/notify/alert.js";
import { Notifier, type NotifierOptions } from "../src/engine/notify/outbox.js";
import { eventually } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const DISCORD = "https://discord.com";
const hook = (name: string) => `${DISCORD}/api/webhooks/${name}/token`;
const path = (name: string) => `/api/webhooks/${name}/token`;

function alert(n: number): AlertPayload {
  return {
    kind: "restock",
    productId: n,
    productName: `Produto ${n}`,
    productUrl: `https://nudeproject.com/products/p${n}`,
    platform: "nudeproject",
    status: "in_stock",
    sizes: ["M"],
    newSizes: ["M"],
    at: new Date().toISOString(),
  };
}

describe.each(dbKinds())("notifier under hostile webhooks (%s)", (kind) => {
  let database: Database;
  let webhook: FakeWebhook;
  let transport: Transport;
  let userA: number;
  let userB: number;
  const notifiers: Notifier[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    webhook = new FakeWebhook();
    const origin = await webhook.listen();
    transport = new Transport({ redirects: new Map([[DISCORD, origin]]) });
    const made = await database.db
      .insert(users)
      .values([
        { username: `a${Date.now()}`, passwordHash: "x" },
        { username: `b${Date.now()}`, passwordHash: "x" },
      ])
      .returning({ id: users.id });
    [userA, userB] = made.map((u) => u.id);
  });
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
    await database.db.execute(sql`delete from notifications`);
    webhook.received.length = 0;
    webhook.resetPaths();
  });
  afterAll(async () => {
    await transport.destroy();
    await webhook.close();
    await database.close();
  });

  function start(options: Partial<NotifierOptions> = {}): Notifier {
    const notifier = new Notifier({
      db: database.db,
      transport,
      pollMs: 100,
      idleMs: 100,
      retryBaseMs: 200,
      onError: (e) => console.error("[notifier test]", e),
      ...options,
    });
    notifier.start();
    notifiers.push(notifier);
    return notifier;
  }

  async function queue(userId: number, name: string, count: number, from = 0): Promise<number[]> {
    const rows = Array.from({ length: count }, (_, i) => ({
      userId,
      webhookUrl: hook(name),
      payload: alert(from + i),
      message: `alerta ${from + i}`,
      type: "restock",
    }));
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const made = await database.db
        .insert(notifications)
        .values(rows.slice(i, i + 500))
        .returning({ id: notifications.id });
      ids.push(...made.map((r) => r.id));
    }
    return ids;
  }

  const rowsOf = async (name: string) =>
    (await database.db.select().from(notifications)).filter((r) => r.webhookUrl === hook(name));

  const deliveredTo = (name: string) => webhook.accepted.filter((d) => d.path === path(name));

  it("a dripping webhook ends as a timeout within its deadline, then rests with its rows pending", async () => {
    webhook.setPath(path("drip"), { drip: true, dripMs: 200 });
    await queue(userA, "drip", 6);
    const startedAt = Date.now();
    start({ timeoutMs: 800, timeoutBackoff: { after: 2, initialMs: 60_000, maxMs: 60_000 } });
    await eventually(async () => {
      const timedOut = (await rowsOf("drip")).filter((r) => r.lastError?.startsWith("Tempo esgotado"));
      expect(timedOut.length).toBeGreaterThanOrEqual(1);
    });
    // the first gave up at its 0,8 s deadline, not when the webhook chose to end
    expect(Date.now() - startedAt).toBeLessThan(800 + 1500);
    await eventually(async () => {
      const rows = await rowsOf("drip");
      expect(rows.every((r) => r.status === "pending")).toBe(true);
      expect(rows.filter((r) => r.lastError?.startsWith("Tempo esgotado"))).toHaveLength(2);
    });
    // resting: every row waits in the table for the rest to end; none failed, none lost
    const rows = await rowsOf("drip");
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(r.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // the untried rows were not charged an attempt
    expect(rows.filter((r) => r.attempts === 0)).toHaveLength(4);
  });

  it("with a dripping webhook and 300 alerts queued to it, another user's alert arrives within 2 s", async () => {
    webhook.setPath(path("drip"), { drip: true, dripMs: 500 });
    await queue(userA, "drip", 300);
    const notifier = start({ timeoutMs: 3_000 });
    await eventually(async () => expect(notifier.heldCount).toBeGreaterThan(0));
    // the dripping webhook holds a delivery open: the slot is taken before the calm alert comes
    await eventually(() => expect(webhook.dripCount).toBeGreaterThan(0));
    const queuedAt = Date.now();
    await queue(userB, "calm", 1, 1000);
    notifier.wake();
    await eventually(async () => expect(deliveredTo("calm")).toHaveLength(1), 5_000);
    expect(deliveredTo("calm")[0].at - queuedAt).toBeLessThan(2000);
    // the dripping webhook holds a few rows at most, never everybody's room
    expect(notifier.heldCount).toBeLessThanOrEqual(31);
  });

  it("a Discord-paced webhook with 300 rows: each delivered exactly once, in turn with another user's", async () => {
    // Discord's bucket shape (5 at a time) on a tenth of its window, so 300 rows take ~12 s, not 120 s
    webhook.setPath(path("paced"), { paced: { count: 5, windowMs: 200 } });
    const paced = await queue(userA, "paced", 300);
    // a short lease: rows waiting their turn must have it renewed, never be taken a second time
    const notifier = start({ leaseMs: 9_000, timeoutMs: 3_000, perWebhook: { count: 5, windowMs: 200 } });
    await eventually(async () => expect(deliveredTo("paced").length).toBeGreaterThanOrEqual(10), 10_000);
    const queuedAt = Date.now();
    await queue(userB, "other", 1, 5000);
    notifier.wake();
    await eventually(async () => expect(deliveredTo("other")).toHaveLength(1), 5_000);
    expect(deliveredTo("other")[0].at - queuedAt).toBeLessThan(2000);
    await eventually(
      async () => {
        const rows = await rowsOf("paced");
        expect(rows.filter((r) => r.status === "sent")).toHaveLength(300);
      },
      60_000,
      500,
    );
    const ids = deliveredTo("paced").map((d) => /Produto (\d+)/.exec(JSON.stringify(d.body))?.[1]);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
    expect(paced).toHaveLength(300);
  }, 90_000);

  it("rows waiting their turn longer than the lease are renewed: two notifiers, each row sent once", async () => {
    // Discord's real pace: 20 held rows take 8 s to send, longer than the 6 s lease
    webhook.setPath(path("slow-pace"), { paced: true });
    await queue(userA, "slow-pace", 30);
    const options = { leaseMs: 6_000, timeoutMs: 1_000, perWebhook: { count: 5, windowMs: 2000 } };
    const notifiers = [start(options), start(options)];
    await eventually(
      async () => expect((await rowsOf("slow-pace")).every((r) => r.status === "sent")).toBe(true),
      40_000,
      250,
    );
    // neither notifier holds a row any more: every row sent, none can be sent again
    await eventually(() => expect(notifiers.map((n) => n.heldCount)).toEqual([0, 0]));
    const numbers = deliveredTo("slow-pace").map((d) => /Produto (\d+)/.exec(JSON.stringify(d.body))?.[1]);
    expect(numbers).toHaveLength(30);
    expect(new Set(numbers).size).toBe(30);
    // renewed, not dropped and leased again: each row was taken once
    expect((await rowsOf("slow-pace")).map((r) => r.attempts)).toEqual(Array(30).fill(1));
  }, 60_000);

  it("a webhook that timed out and rested gets its rows once it answers again", async () => {
    webhook.setPath(path("flaky"), { drip: true, dripMs: 200 });
    await queue(userA, "flaky", 4);
    start({ timeoutMs: 500, timeoutBackoff: { after: 2, initialMs: 2_000, maxMs: 2_000 } });
    await eventually(async () =>
      expect((await rowsOf("flaky")).filter((r) => r.lastError?.startsWith("Tempo esgotado"))).toHaveLength(
        2,
      ),
    );
    webhook.setPath(path("flaky"), {});
    await eventually(
      async () => expect((await rowsOf("flaky")).every((r) => r.status === "sent")).toBe(true),
      15_000,
    );
    expect(deliveredTo("flaky")).toHaveLength(4);
  });
});
