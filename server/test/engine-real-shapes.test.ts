/**
 * Real answer shapes through the whole engine over HTTP: the SFRA answer with `selectable: false` on
 * every size, in yen, ends as in stock with its currency in the database and in the Discord alert; an
 * answer at odds with itself fails the check and keeps the status.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWorld, embedsOf, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const HAVAIANAS = "https://www.havaianas-store.com";

describe.each(dbKinds())("engine on real retailer shapes (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    w.redirects.set(HAVAIANAS, w.retailer.origin);
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  it("SFRA selectable:false, orderable/inStock, IN_STOCK, ATS 38, JPY → in stock, ¥ in the database and on Discord", async () => {
    w.retailer.setProduct("4000029", {
      name: "Havaianas Top Tóquio",
      sizes: ["37/38", "39/40"],
      allSizes: ["35/36", "37/38", "39/40", "41/42"],
      price: "19800.00",
      currency: "JPY",
    });
    const id = await w.addProduct({
      platform: "havaianas",
      url: `${HAVAIANAS}/pt/pt/havaianas-top-toquio/4000029-BLACK.html`,
      name: "Havaianas Top Tóquio",
    });
    await w.start();
    await w.webhook.waitForAccepted(1);
    const product = await w.product(id);
    expect(product.status).toBe("in_stock");
    expect(JSON.parse(product.availableSizes ?? "[]")).toEqual(["37/38", "39/40"]);
    expect(product.price).toBe("19800.00");
    expect(product.currency).toBe("JPY");
    const [embed] = embedsOf(w.webhook.received[0].body);
    const price = embed.fields.find((f) => f.name === "Preço")?.value ?? "";
    expect(price.replace(/\s/g, " ")).toBe("19 800 JP¥");
    expect(JSON.stringify(w.webhook.received[0].body)).not.toContain("€");
  });

  it("an answer that contradicts itself fails as 'formato inesperado' and the status is kept", async () => {
    await w.settings({ enableErrorAlerts: false });
    w.retailer.setProduct("4000030", { sizes: ["39/40"], allSizes: ["37/38", "39/40"], price: "24.00" });
    const id = await w.addProduct({
      platform: "havaianas",
      url: `${HAVAIANAS}/pt/pt/havaianas-slim/4000030-BLACK.html`,
    });
    await w.start();
    await w.webhook.waitForAccepted(1);
    expect((await w.product(id)).currency).toBe("EUR");
    w.retailer.setProduct("4000030", { contradictory: true, status: "out_of_stock" });
    await eventually(async () => expect((await w.product(id)).failureStreak).toBeGreaterThanOrEqual(2));
    const product = await w.product(id);
    expect(product.status).toBe("in_stock");
    expect(product.lastError).toBe("formato inesperado");
    const failures = (await w.activities(id)).filter((a) => a.action === "stock_check_failed");
    expect(failures[0]?.message).toMatch(/Formato inesperado: o produto diz-se disponível/);
    // an alert is written with the check that raises it: after two failed checks its outbox, settled,
    // holds all it will ever send
    await w.outboxSettled(id);
    expect(w.webhook.received).toHaveLength(1);
  });
});
