import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakeWebhook } from "../../tools/fake-webhook.js";
import type { Database } from "../src/db/client.js";
import { notifications, products, users } from "../src/db/schema.js";
import { Transport } from "../src/engine/fetch/transport.js";
import type { AlertPayload } from "../src/engine/notify/alert.js";
import { Notifier } from "../src/engine/notify/outbox.js";
import { eventually } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const DISCORD = "https://discord.com";
const APP = "https://stock.example.pt";

/** PUBLIC_URL: the notifier adds the app's "Comprei" link to each alert as it sends it */
describe.each(dbKinds())("an alert's link into the app (%s)", (kind) => {
  let database: Database;
  let webhook: FakeWebhook;
  let transport: Transport;
  let userId: number;
  let productId: number;
  const notifiers: Notifier[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    webhook = new FakeWebhook();
    transport = new Transport({ redirects: new Map([[DISCORD, await webhook.listen()]]) });
    const [user] = await database.db
      .insert(users)
      .values({ username: `ligacao${Date.now()}`, passwordHash: "x" })
      .returning({ id: users.id });
    userId = user.id;
    const [product] = await database.db
      .insert(products)
      .values({
        userId,
        name: "Casaco",
        productId: "",
        url: "https://nudeproject.com/products/casaco",
        webhookUrl: "",
        platform: "nudeproject",
      })
      .returning({ id: products.id });
    productId = product.id;
  });
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
    await database.db.execute(sql`delete from notifications`);
    webhook.received.length = 0;
  });
  afterAll(async () => {
    await transport.destroy();
    await webhook.close();
    await database.close();
  });

  async function deliver(appUrl: string | undefined) {
    const payload: AlertPayload = {
      kind: "restock",
      productId,
      productName: "Casaco",
      productUrl: "https://nudeproject.com/products/casaco",
      platform: "nudeproject",
      status: "in_stock",
      sizes: ["M"],
      newSizes: ["M"],
      at: new Date().toISOString(),
    };
    const [row] = await database.db
      .insert(notifications)
      .values({
        userId,
        productId,
        webhookUrl: `${DISCORD}/api/webhooks/1/ligacao`,
        payload,
        message: "Casaco: restock",
        type: "restock",
      })
      .returning({ id: notifications.id });
    const notifier = new Notifier({ db: database.db, transport, pollMs: 100, idleMs: 100, appUrl });
    notifier.start();
    notifiers.push(notifier);
    await eventually(async () => {
      const [stored] = await database.db.select().from(notifications).where(eq(notifications.id, row.id));
      expect(stored.status).toBe("sent");
    });
    const [stored] = await database.db.select().from(notifications).where(eq(notifications.id, row.id));
    return { body: JSON.stringify(webhook.received.at(-1)?.body), stored: stored.payload };
  }

  it("carries /inventory?comprei=<monitor> on the configured address, and keeps it out of the outbox", async () => {
    const { body, stored } = await deliver(APP);
    expect(body).toContain(`[Registar no inventário](${APP}/inventory?comprei=${productId})`);
    // the address is today's setting, added at each delivery, not a fact of the alert
    expect(stored).not.toHaveProperty("appUrl");
  });

  it("without PUBLIC_URL the alert is as it was", async () => {
    const { body } = await deliver(undefined);
    expect(body).toContain("Casaco");
    expect(body).not.toContain("comprei");
  });
});
