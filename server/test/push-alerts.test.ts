import { onlyChannels } from "@common/alert-channels.js";
import { DEFAULT_USER_SETTINGS } from "@common/schemas/settings.js";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FakePushService } from "../../tools/fake-push-service.js";
import { pushSubscriptions } from "../src/db/schema.js";
import { saveUserSettings } from "../src/services/settings.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const SHOP = "https://nudeproject.com";

describe.each(dbKinds())("Web Push alerts through the outbox (%s)", (kind) => {
  let w: World;
  let push: FakePushService;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    push = new FakePushService();
    w.redirects.set(push.publicOrigin, await push.listen());
  });
  afterEach(async () => {
    await w.reset();
    push.deliveries.length = 0;
    push.gone.clear();
    await w.database.db.delete(pushSubscriptions);
    await saveUserSettings(w.database.db, w.userId, DEFAULT_USER_SETTINGS);
  });
  afterAll(async () => {
    await w.close();
    await push.close();
    await w.database.close();
  });

  async function device() {
    const s = push.subscriber();
    const [row] = await w.database.db
      .insert(pushSubscriptions)
      .values({ userId: w.userId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth })
      .returning({ id: pushSubscriptions.id });
    return row.id;
  }

  it("restock → an encrypted, VAPID-signed push to each of the user's devices; a tap opens the product", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...DEFAULT_USER_SETTINGS, pushNotifications: true });
    await device();
    await device();
    w.retailer.setProduct("push-hoodie", { sizes: ["M"], price: "49.00" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/push-hoodie`,
      name: "Hoodie",
    });
    await w.start();
    await w.webhook.waitForAccepted(1);
    await eventually(() => expect(push.accepted).toHaveLength(2), 15_000);
    // the webhook and both devices' rows, each sent for good: nothing more can go out
    await w.outboxSettled(id, 3);
    expect(push.deliveries.map((d) => [d.status, d.error])).toEqual([
      [201, undefined],
      [201, undefined],
    ]);
    const [first] = push.accepted;
    expect(first.jwt?.aud).toBe("https://fcm.googleapis.com");
    expect(first.message).toMatchObject({
      title: "Em stock: Hoodie",
      body: "Hoodie: em stock (M)",
      url: `${SHOP}/products/push-hoodie`,
    });
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(rows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    });
  });

  it.each([
    { language: "en" as const, title: "In stock: Hoodie", body: "Hoodie: in stock (M)" },
    { language: "es" as const, title: "En stock: Hoodie", body: "Hoodie: en stock (M)" },
  ])("restock for an owner who reads $language → the push's title and body in $language", async (c) => {
    await saveUserSettings(w.database.db, w.userId, {
      ...DEFAULT_USER_SETTINGS,
      pushNotifications: true,
      language: c.language,
    });
    await device();
    w.retailer.setProduct(`push-${c.language}`, { sizes: ["M"], price: "49.00" });
    await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/push-${c.language}`,
      name: "Hoodie",
    });
    await w.start();
    await eventually(() => expect(push.accepted).toHaveLength(1), 15_000);
    expect(push.accepted[0].message).toMatchObject({ title: c.title, body: c.body });
  });

  it("a subscription the push service calls gone (410) is deleted and not retried", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...DEFAULT_USER_SETTINGS, pushNotifications: true });
    const gone = await device();
    const [sub] = await w.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone));
    push.gone.add(sub.endpoint);
    w.retailer.setProduct("push-gone", { sizes: ["L"] });
    await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/push-gone` });
    await w.start();
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.webhookUrl === `webpush:${gone}`);
      expect(rows.map((r) => [r.status, r.lastError])).toEqual([["failed", "HTTP 410"]]);
    }, 15_000);
    expect(await w.database.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(push.deliveries).toHaveLength(1);
  });

  it("a subscription stored with keys no alert can be encrypted with is deleted at the first alert, not retried (issue 27, item 9)", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...DEFAULT_USER_SETTINGS, pushNotifications: true });
    const s = push.subscriber();
    const [row] = await w.database.db
      .insert(pushSubscriptions)
      .values({ userId: w.userId, endpoint: s.endpoint, p256dh: `B${"A".repeat(86)}`, auth: s.keys.auth })
      .returning({ id: pushSubscriptions.id });
    w.retailer.setProduct("push-bad-key", { sizes: ["L"] });
    await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/push-bad-key` });
    await w.start();
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.webhookUrl === `webpush:${row.id}`);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([["failed", 1]]);
    }, 15_000);
    expect(await w.database.db.select().from(pushSubscriptions)).toHaveLength(0);
    expect(push.deliveries).toHaveLength(0);
  });

  it("a product that chose push alone → its devices get the alert, its webhook nothing, whatever Settings say", async () => {
    await device();
    w.retailer.setProduct("push-only", { sizes: ["S"] });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/push-only`,
      name: "Só push",
      alertChannels: onlyChannels("push"),
    });
    await w.start();
    await eventually(() => expect(push.accepted).toHaveLength(1), 15_000);
    expect(push.accepted[0].message).toMatchObject({ title: "Em stock: Só push" });
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(rows.map((r) => [(r.webhookUrl ?? "").split(":")[0], r.status])).toEqual([["webpush", "sent"]]);
    });
    expect(w.webhook.received).toHaveLength(0);
  });

  it("a product that turned push off → no push even while Settings have it on; its webhook still alerts", async () => {
    await saveUserSettings(w.database.db, w.userId, { ...DEFAULT_USER_SETTINGS, pushNotifications: true });
    await device();
    w.retailer.setProduct("push-muted", { sizes: ["M"] });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/push-muted`,
      alertChannels: onlyChannels("webhook", "email"),
    });
    await w.start();
    await w.webhook.waitForAccepted(1);
    const rows = await w.outboxSettled(id);
    expect(rows.filter((r) => (r.webhookUrl ?? "").startsWith("webpush:"))).toEqual([]);
    expect(push.deliveries).toHaveLength(0);
  });

  it("'Notificações push' off → no push, even with a device subscribed", async () => {
    await device();
    w.retailer.setProduct("push-off", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/push-off` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    const rows = await w.outboxSettled(id);
    expect(rows.filter((r) => (r.webhookUrl ?? "").startsWith("webpush:"))).toEqual([]);
    expect(push.deliveries).toHaveLength(0);
  });
});
