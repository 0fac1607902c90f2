import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, dbKinds } from "./harness.js";
import { createWorld, embedsOf, eventually, sleep, type World } from "./engine-support.js";

const HOODIE_URL = "https://nudeproject.com/products/hoodie";

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
    await sleep(2500); // two more checks of the same state
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
});
