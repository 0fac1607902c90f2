import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkHealth } from "../src/services/health-watch.js";
import { createTestDatabase, dbKinds } from "./harness.js";
import { createWorld, embedsOf, eventually, type World } from "./engine-support.js";

const SHOP = "https://nudeproject.com";
const VINTED = "https://www.vinted.pt";
const HOODIE_URL = `${SHOP}/products/hoodie`;

describe.each(dbKinds())("engine alerts against the stand-ins (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  it("restock → exactly one Discord alert naming the new sizes, then one for a size added later", async () => {
    w.retailer.setProduct("hoodie", { status: "out_of_stock", name: "NUDE HOODIE", price: "69.90" });
    const id = await w.addProduct({ platform: "nudeproject", url: HOODIE_URL, name: "NUDE HOODIE" });
    await w.start();
    await eventually(async () => expect((await w.product(id)).lastCheck).not.toBeNull());
    expect((await w.product(id)).status).toBe("out_of_stock");

    w.retailer.setProduct("hoodie", { sizes: ["S", "M"] });
    await w.webhook.waitForAccepted(1);
    await w.checkedAgain(id, 2); // two more checks of the same state
    expect(w.webhook.received).toHaveLength(1);
    const [embed] = embedsOf(w.webhook.received[0].body);
    expect(embed.title).toBe("NUDE HOODIE");
    const fields = Object.fromEntries(embed.fields.map((f) => [f.name, f.value]));
    expect(fields["Novos tamanhos"]).toBe("S, M");
    expect(fields.Preço).toMatch(/69,90\s€/);
    expect(fields["Carrinho S"]).toMatch(/\/cart\/\d+:1/);

    w.retailer.setProduct("hoodie", { sizes: ["S", "M", "L"] });
    await w.webhook.waitForAccepted(2);
    const second = embedsOf(w.webhook.received[1].body)[0];
    expect(second.fields.find((f) => f.name === "Novos tamanhos")?.value).toBe("L");
    const product = await w.product(id);
    expect(JSON.parse(product.lastNotifiedSizes ?? "[]")).toEqual(["S", "M", "L"]);
    await eventually(async () => {
      const rows = await w.notificationRows();
      expect(rows.filter((r) => r.productId === id).map((r) => r.status)).toEqual(["sent", "sent"]);
    });
  });

  it("unchanged state → no alert; the first check of an available product alerts once", async () => {
    w.retailer.setProduct("tee-out", { status: "out_of_stock" });
    w.retailer.setProduct("tee-in", { sizes: ["M"] });
    const out = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/tee-out` });
    const inStock = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/tee-in` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    await Promise.all([w.checkedAgain(out, 3), w.checkedAgain(inStock, 3)]);
    expect(w.retailer.paths.get("/products/tee-out.js")).toBeGreaterThanOrEqual(3);
    expect(w.webhook.received).toHaveLength(1);
    const rows = await w.notificationRows();
    expect(rows.filter((r) => r.productId === out)).toHaveLength(0);
    expect(rows.filter((r) => r.productId === inStock)).toHaveLength(1);
    // one stock_check entry each (the first check), not one per check
    expect((await w.activities(out)).filter((a) => a.action === "stock_check")).toHaveLength(1);
  });

  it("block page → no alert, status kept, failure streak and lastError recorded", async () => {
    await w.settings({ enableErrorAlerts: false });
    w.retailer.setProduct("blocked", { sizes: ["L"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/blocked` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    w.retailer.setProduct("blocked", { status: "out_of_stock", block: "challenge" });
    await eventually(async () => expect((await w.product(id)).failureStreak).toBeGreaterThanOrEqual(3));
    const product = await w.product(id);
    expect(product.status).toBe("in_stock");
    expect(product.lastError).toBe("bloqueado (Cloudflare)");
    expect(product.lastErrorAt).not.toBeNull();
    expect(w.webhook.received).toHaveLength(1);
    const failures = (await w.activities(id)).filter((a) => a.action === "stock_check_failed");
    expect(failures).toHaveLength(1);
    // Cloudflare's page came with its 403: the wall is named, not only the status
    expect(failures[0].params).toMatchObject({ reason: "blocked", wall: "Cloudflare" });
    // the first failure of the streak keeps what it read, for the card's failure box
    expect(product.lastCheckDetail).toMatchObject({
      trigger: "engine",
      ok: false,
      failure: {
        reason: "blocked",
        label: "bloqueado",
        message: "Página de verificação anti-bot (Cloudflare)",
      },
    });
    expect((product.lastCheckDetail as { excerpt: string }).excerpt).toMatch(/\S/);
  });

  it("a restock sets lastRestockAt; checks held back by the host's pause set pausedUntil, a success clears it", async () => {
    await w.settings({ enableErrorAlerts: false });
    w.retailer.setProduct("cap", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/cap` });
    await w.start({ http: { backoff: { initialMs: 2500, maxMs: 2500 } } });
    // the first check finds it available: a restock, at that check's time
    await eventually(async () => expect((await w.product(id)).lastRestockAt).not.toBeNull());
    const first = await w.product(id);
    expect(first.lastRestockAt?.getTime()).toBe(first.lastCheck?.getTime());
    expect(first.pausedUntil).toBeNull();

    // sold out, then blocked: the block pauses the host and the next checks are not sent
    w.retailer.setProduct("cap", { status: "out_of_stock" });
    await eventually(async () => expect((await w.product(id)).status).toBe("out_of_stock"));
    w.retailer.setProduct("cap", { block: "challenge" });
    // (read in the same poll: once the pause ends, the next check meets the block and clears it)
    const paused = await eventually(async () => {
      const row = await w.product(id);
      expect(row.pausedUntil).not.toBeNull();
      return row;
    }, 8000);
    // held back by the pause, and still naming the wall whose block began it
    expect(paused.lastError).toBe("bloqueado (Cloudflare)");
    expect(paused.failureStreak).toBeGreaterThanOrEqual(2);
    expect(paused.pausedUntil?.getTime()).toBeGreaterThan(paused.lastErrorAt?.getTime() ?? 0);
    expect(paused.lastRestockAt?.getTime()).toBe(first.lastRestockAt?.getTime());

    // back in stock once the pause ends: the pause is cleared and the restock is the new one
    w.retailer.setProduct("cap", { block: "off", status: "in_stock", sizes: ["M", "L"] });
    await eventually(async () => expect((await w.product(id)).status).toBe("in_stock"), 10_000);
    const back = await w.product(id);
    expect(back.pausedUntil).toBeNull();
    expect(back.failureStreak).toBe(0);
    expect(back.lastRestockAt?.getTime()).toBeGreaterThan(first.lastRestockAt?.getTime() ?? 0);
  });

  it("a blind monitor alerts once when the window passes without a successful check, and once when it is back", async () => {
    w.retailer.setProduct("odd", { status: "out_of_stock", block: "malformed" });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/odd`, name: "Hoodie" });
    // the window shortened: 2 intervals of 1 s instead of 10 and at least 10 min
    const engine = await w.start({ scheduler: { blind: { intervals: 2, minMs: 0 } } });
    await w.webhook.waitForAccepted(1);
    // counted where an admin looks: /api/health's detail and the /metrics gauge read these counts
    expect((await checkHealth(w.database.db, engine)).monitors).toMatchObject({
      active: 1,
      blind: 1,
      failing: 1,
    });
    const [embed] = embedsOf(w.webhook.received[0].body);
    expect(embed.description).toBe("Deixou de conseguir verificar");
    const blind = await w.product(id);
    expect(blind.blindSince).not.toBeNull();
    expect(blind.blindSince!.getTime()).toBe(blind.failingSince!.getTime());
    expect(blind.failureStreak).toBeGreaterThanOrEqual(2);
    await eventually(async () =>
      expect((await w.product(id)).failureStreak).toBeGreaterThanOrEqual(blind.failureStreak + 2),
    );
    expect(w.webhook.received).toHaveLength(1);
    expect((await w.product(id)).lastError).toBe("formato inesperado");

    w.retailer.setProduct("odd", { status: "out_of_stock", block: "off" });
    await w.webhook.waitForAccepted(2);
    expect(embedsOf(w.webhook.received[1].body)[0].description).toBe("Voltou a conseguir verificar");
    const back = await w.product(id);
    expect([back.blindSince, back.failingSince, back.failureStreak]).toEqual([null, null, 0]);
    expect((await checkHealth(w.database.db, engine)).monitors).toMatchObject({
      active: 1,
      blind: 0,
      failing: 0,
    });
    await w.checkedAgain(id, 2);
    expect(w.webhook.received).toHaveLength(2);
  });

  it("a blind monitor behind a wall names it, though the check that alerts was held back by the pause", async () => {
    w.retailer.setProduct("walled", { status: "out_of_stock", block: "challenge" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/walled`,
      name: "Casaco",
    });
    // the first check meets Cloudflare's 403 and pauses the host (10 s); the window (2 s) ends while
    // the pause keeps the next checks from being sent
    await w.start({ scheduler: { blind: { intervals: 2, minMs: 0 } } });
    await w.webhook.waitForAccepted(1);
    const [embed] = embedsOf(w.webhook.received[0].body);
    expect(embed.description).toBe("Deixou de conseguir verificar");
    expect(embed.fields.find((f) => f.name === "Motivo")?.value).toBe("bloqueado (Cloudflare)");
    const row = await w.product(id);
    expect(row.pausedUntil).not.toBeNull();
    expect(w.retailer.requests).toBe(1);
  });

  it("restart mid-way: an outbox row left by a crashed process is delivered once by a new engine", async () => {
    w.webhook.setMode("500");
    w.retailer.setProduct("crash", { sizes: ["S"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/crash` });
    const first = await w.start();
    await eventually(async () => expect(w.webhook.received.length).toBeGreaterThanOrEqual(1));
    await first.stop();
    // the process "died" while sending: its row is stuck in 'sending' with an expired lease
    await w.database.db.execute(
      sql`update notifications set status = 'sending', lease_until = now() - interval '1 second' where product_id = ${id}`,
    );
    w.webhook.setMode("ok");
    await w.start();
    await w.webhook.waitForAccepted(1);
    await w.checkedAgain(id, 2); // the new engine checks the product again: same state, no second alert
    expect(w.webhook.accepted).toHaveLength(1);
    const rows = (await w.notificationRows()).filter((r) => r.productId === id);
    expect(rows.map((r) => r.status)).toEqual(["sent"]);
  });

  it("Discord 429 with retry_after → delivered after the wait", async () => {
    w.webhook.setMode("429", { times: 1, retryAfter: 1.2 });
    w.retailer.setProduct("limited", { sizes: ["M"] });
    await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/limited` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    const [refused, delivered] = w.webhook.received;
    expect(refused.status).toBe(429);
    // asked with ?wait=true, Discord answers 200 with the stored message
    expect(delivered.status).toBe(200);
    expect(delivered.at - refused.at).toBeGreaterThanOrEqual(1150);
    expect(w.webhook.received).toHaveLength(2);
  });

  it("404 webhook → recorded as failed once and not retried", async () => {
    w.webhook.setMode("404");
    w.retailer.setProduct("gone", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/gone` });
    const lines: string[] = [];
    await w.start({ log: { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) } });
    await eventually(async () => {
      const rows = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(rows.map((r) => r.status)).toEqual(["failed"]);
    });
    // the product read twice more (an alert sent again would be a row written with one of those
    // checks) and its outbox settled: nothing is left that could still reach the webhook
    await w.checkedAgain(id, 2);
    await w.outboxSettled(id);
    expect(w.webhook.received).toHaveLength(1);
    const failed = (await w.activities(id)).filter((a) => a.action === "notification_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0].message).toContain("HTTP 404");
    // the operator reads it once, without the webhook's secret path
    const givenUp = lines.filter((l) => l.includes("não entregue"));
    expect(givenUp).toHaveLength(1);
    expect(givenUp[0]).toContain("HTTP 404");
    expect(givenUp[0]).not.toContain("/api/webhooks");
  });

  it("5xx → retried with back-off until delivered", async () => {
    w.webhook.setMode("500", { times: 2 });
    w.retailer.setProduct("flaky", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/flaky` });
    await w.start();
    await w.webhook.waitForAccepted(1);
    expect(w.webhook.received.map((d) => d.status)).toEqual([500, 500, 200]);
    await eventually(async () => {
      const [row] = (await w.notificationRows()).filter((r) => r.productId === id);
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(3);
    });
  });

  it("enableNotifications off → state updated, no outbox row, no alert", async () => {
    await w.settings({ enableNotifications: false });
    w.retailer.setProduct("quiet", { sizes: ["M"] });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/quiet` });
    await w.start();
    await eventually(async () => expect((await w.product(id)).status).toBe("in_stock"));
    await w.checkedAgain(id, 2);
    expect((await w.notificationRows()).filter((r) => r.productId === id)).toHaveLength(0);
    expect(w.webhook.received).toHaveLength(0);
  });

  it("vinted: first scan silent, a new item alerts, holiday on and off alert", async () => {
    w.retailer.setMember("4242", {
      login: "ana",
      items: [
        { id: "1", title: "Casaco", price: "12.50" },
        { id: "2", title: "Saia", price: "8.00" },
      ],
    });
    const id = await w.addProduct({
      platform: "vinted",
      url: `${VINTED}/member/4242-ana`,
      name: "Ana (Vinted)",
    });
    await w.start();
    await eventually(async () => expect((await w.product(id)).status).toBe("vinted_active"));
    await w.checkedAgain(id, 2);
    expect(w.webhook.received).toHaveLength(0);

    const member = w.retailer.members.get("4242")!;
    w.retailer.setMember("4242", {
      items: [{ id: "3", title: "Botas Dr. Martens", price: "45.00" }, ...member.items],
    });
    await w.webhook.waitForAccepted(1);
    const [item] = embedsOf(w.webhook.received[0].body);
    expect(item.title).toBe("Botas Dr. Martens");

    w.retailer.setMember("4242", { holiday: true });
    await w.webhook.waitForAccepted(2);
    expect(embedsOf(w.webhook.received[1].body)[0].description).toBe("Membro entrou em modo férias");
    w.retailer.setMember("4242", { holiday: false });
    await w.webhook.waitForAccepted(3);
    expect(embedsOf(w.webhook.received[2].body)[0].description).toBe("Membro voltou de férias");
    await w.checkedAgain(id, 2); // the items are visible again: known ones, no new-item alert
    expect(w.webhook.received).toHaveLength(3);
  });

  it("vinted: a profile gaining 30 items announces all 30 (10 per message) and lists them on the card", async () => {
    w.retailer.setMember("5151", { login: "rui", items: [{ id: "1", title: "Casaco", price: "12.50" }] });
    const id = await w.addProduct({
      platform: "vinted",
      url: `${VINTED}/member/5151-rui`,
      name: "Rui (Vinted)",
    });
    await w.start();
    await eventually(async () => expect((await w.product(id)).status).toBe("vinted_active"));
    expect(JSON.parse((await w.product(id)).availableSizes ?? "[]")).toEqual(["Casaco"]);

    const drop = Array.from({ length: 30 }, (_, i) => ({
      id: String(100 + i),
      title: `Peça ${i + 1}`,
      price: "5.00",
    }));
    w.retailer.setMember("5151", { items: [...drop, { id: "1", title: "Casaco", price: "12.50" }] });
    await w.webhook.waitForAccepted(3);
    await w.checkedAgain(id, 2); // nothing beyond the three parts
    expect(w.webhook.received).toHaveLength(3);
    const embeds = w.webhook.received.flatMap((r) => embedsOf(r.body));
    expect(embeds.map((e) => e.title).sort()).toEqual(drop.map((d) => d.title).sort());
    expect(new Set(embeds.map((e) => e.url)).size).toBe(30);
    for (const r of w.webhook.received) expect(embedsOf(r.body).length).toBeLessThanOrEqual(10);
    expect(embeds.map((e) => e.description)).toContain("Artigos novos (3/3) · Rui (Vinted)");
    const listed = JSON.parse((await w.product(id)).availableSizes ?? "[]");
    expect(listed).toHaveLength(31);
    expect(listed).toContain("Peça 30");
  });

  it("maxConcurrentChecks caps the checks running at once", async () => {
    await w.settings({ maxConcurrentChecks: 2 });
    w.retailer.delayMs = 150;
    for (let i = 0; i < 8; i++) {
      w.retailer.setProduct(`cap${i}`, { status: "out_of_stock" });
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/cap${i}` });
    }
    await w.start();
    await eventually(() => expect(w.retailer.requests).toBeGreaterThanOrEqual(12));
    expect(w.retailer.maxInFlight).toBe(2);
  });
});
