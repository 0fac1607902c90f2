import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeWebhook } from "../../tools/fake-webhook.js";
import type { Database } from "../src/db/client.js";
import { activityLogs, notifications, products, users } from "../src/db/schema.js";
import { Transport } from "../src/engine/fetch/transport.js";
import type { AlertKind, AlertPayload } from "../src/engine/notify/alert.js";
import { Notifier } from "../src/engine/notify/outbox.js";
import { eventually } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const DISCORD = "https://discord.com";
const GENERIC = "https://hooks.example.com";

function alert(kind: AlertKind, productId: number, name = `Produto ${productId}`): AlertPayload {
  return {
    kind,
    productId,
    productName: name,
    productUrl: `https://nudeproject.com/products/p${productId}`,
    platform: "nudeproject",
    status: kind === "sold_out" ? "out_of_stock" : "in_stock",
    sizes: kind === "sold_out" ? [] : ["M"],
    newSizes: kind === "sold_out" ? [] : ["M"],
    at: new Date().toISOString(),
  };
}

/** issue 27, items 2 and 7, one notifier at a time against a local server that answers as Discord does */
describe.each(dbKinds())("outbox order and delivery keys (%s)", (kind) => {
  let database: Database;
  let webhook: FakeWebhook;
  let transport: Transport;
  let userId: number;
  let productIds: number[];
  const notifiers: Notifier[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    webhook = new FakeWebhook();
    const origin = await webhook.listen();
    transport = new Transport({
      redirects: new Map([
        [DISCORD, origin],
        [GENERIC, origin],
      ]),
    });
    const [user] = await database.db
      .insert(users)
      .values({ username: `ordem${Date.now()}`, passwordHash: "x" })
      .returning({ id: users.id });
    userId = user.id;
    const made = await database.db
      .insert(products)
      .values(
        [1, 2].map((n) => ({
          userId,
          name: `Produto ${n}`,
          productId: "",
          url: `https://nudeproject.com/products/p${n}`,
          webhookUrl: "",
          platform: "nudeproject",
        })),
      )
      .returning({ id: products.id });
    productIds = made.map((p) => p.id);
  });
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
    await database.db.execute(sql`delete from notifications`);
    await database.db.execute(sql`delete from activity_logs`);
    webhook.received.length = 0;
    webhook.setMode("ok");
    webhook.resetPaths();
  });
  afterAll(async () => {
    await transport.destroy();
    await webhook.close();
    await database.close();
  });

  function start(): Notifier {
    const notifier = new Notifier({
      db: database.db,
      transport,
      pollMs: 100,
      idleMs: 100,
      retryBaseMs: 300,
      onError: (e) => console.error("[notifier test]", e),
    });
    notifier.start();
    notifiers.push(notifier);
    return notifier;
  }

  async function queue(
    webhookUrl: string,
    payload: AlertPayload,
    row: Partial<typeof notifications.$inferInsert> = {},
  ): Promise<number> {
    const [made] = await database.db
      .insert(notifications)
      .values({
        userId,
        productId: payload.productId,
        webhookUrl,
        payload,
        message: `${payload.productName}: ${payload.kind}`,
        type: payload.kind,
        ...row,
      })
      .returning({ id: notifications.id });
    return made.id;
  }

  const statusOf = async (id: number) =>
    (await database.db.select().from(notifications).where(eq(notifications.id, id)))[0].status;

  const kindsAt = (path: string) =>
    webhook.accepted
      .filter((d) => d.path === path)
      .map((d) => {
        const body = d.body as { embeds?: { description?: string }[]; event?: string };
        return body.event ?? body.embeds?.[0].description;
      });

  it("Discord is asked ?wait=true: its 200 with the stored message is the delivery", async () => {
    const id = await queue(`${DISCORD}/api/webhooks/7/espera`, alert("restock", productIds[0]));
    start();
    await eventually(async () => expect(await statusOf(id)).toBe("sent"));
    const [delivery] = webhook.received;
    expect(delivery.search).toBe("?wait=true");
    expect(delivery.status).toBe(200);
  });

  it("a generic webhook gets one Idempotency-Key per row, the same on the retry", async () => {
    webhook.setMode("500", { times: 1 });
    const first = await queue(`${GENERIC}/hook`, alert("restock", productIds[0]));
    start();
    await eventually(async () => expect(await statusOf(first)).toBe("sent"));
    const second = await queue(`${GENERIC}/hook`, alert("restock", productIds[1]));
    await eventually(async () => expect(await statusOf(second)).toBe("sent"));
    const [failed, retried, other] = webhook.received;
    expect(failed.status).toBe(500);
    expect(retried.status).toBe(204);
    const key = failed.headers["idempotency-key"];
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(retried.headers["idempotency-key"]).toBe(key);
    expect((retried.body as { deliveryId: string }).deliveryId).toBe(key);
    expect(other.headers["idempotency-key"]).not.toBe(key);
  });

  it("a product's alerts keep their order when the first must be retried; another product's do not wait", async () => {
    webhook.setMode("500", { times: 1 });
    const hook = `${GENERIC}/ordem`;
    const [a, b] = productIds;
    await queue(hook, alert("restock", a));
    // none of these replaces another: new sizes after a restock, then a failing check
    await queue(hook, alert("new_sizes", a));
    await queue(hook, alert("check_failing", a));
    await queue(hook, alert("restock", b));
    const notifier = start();
    await eventually(async () => expect(webhook.accepted).toHaveLength(4));
    // every row sent and none held: nothing is left that could reach the webhook again
    await eventually(async () => {
      const rows = await database.db.select().from(notifications);
      expect(rows.filter((r) => r.webhookUrl === hook).map((r) => r.status)).toEqual(Array(4).fill("sent"));
      expect(notifier.heldCount).toBe(0);
    });
    const order = webhook.accepted.map((d) => {
      const body = d.body as { event: string; productId: number };
      return `${body.productId === a ? "a" : "b"}:${body.event}`;
    });
    expect(order.filter((o) => o.startsWith("a:"))).toEqual(["a:restock", "a:new_sizes", "a:check_failing"]);
    // the other product went while the first waited for its retry
    expect(order.indexOf("b:restock")).toBeLessThan(order.indexOf("a:restock"));
    expect(webhook.received).toHaveLength(5);
  });

  it("an unsent 'esgotado' a newer restock replaced is dropped with an activity line; one in live hands is waited for", async () => {
    const hook = `${DISCORD}/api/webhooks/8/substituir`;
    const path = "/api/webhooks/8/substituir";
    const [a, b] = productIds;
    // product a: a dead process's lease ended on its "esgotado"; product b: a live one holds it 1,5 s more
    const stale = await queue(hook, alert("sold_out", a), {
      status: "sending",
      attempts: 1,
      leaseUntil: new Date(Date.now() - 1000),
    });
    const held = await queue(hook, alert("sold_out", b), {
      status: "sending",
      attempts: 1,
      leaseUntil: new Date(Date.now() + 1500),
    });
    const restockA = await queue(hook, alert("restock", a));
    const restockB = await queue(hook, alert("restock", b));
    const startedAt = Date.now();
    start();
    await eventually(async () => expect(await statusOf(restockA)).toBe("sent"));
    expect(await statusOf(stale)).toBe("superseded");
    expect(await statusOf(restockB)).toBe("pending");
    await eventually(async () => expect(await statusOf(restockB)).toBe("sent"), 10_000);
    // b's restock went only once the live lease on its "esgotado" had ended, and that one never went
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1400);
    expect(await statusOf(held)).toBe("superseded");
    expect(kindsAt(path)).toEqual(["Em stock", "Em stock"]);
    const lines = await database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, "notification_superseded"))
      .orderBy(activityLogs.id);
    expect(lines.map((l) => [l.productId, l.type, l.message])).toEqual([
      [a, "info", "Alerta não enviado, substituído por um alerta mais recente: Produto 1: esgotado"],
      [b, "info", "Alerta não enviado, substituído por um alerta mais recente: Produto 2: esgotado"],
    ]);
  });
});
