import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, products } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";
import { addProduct } from "./product-fixtures.js";

/** "Comprei": a product monitor's card opens the new-item dialog filled, and the item remembers it */
describe.each(dbKinds())("an item bought from a monitor (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;
  let coat: number;

  const call = (cookie: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const itemsOf = async (username: string) => {
    const rows = await t.database.db.select().from(inventoryItems);
    const ids = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) });
    return rows.filter((row) => row.userId === ids?.id);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana", monitorLimit: 10 });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    coat = await addProduct(t, ana, {
      platform: "zara",
      url: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html",
      name: "Casaco comprido de lã",
    });
    // what the engine would have written after its checks: a price and the sizes in stock
    await t.database.db
      .update(products)
      .set({ price: "89.95", currency: "EUR", availableSizes: JSON.stringify(["M"]) })
      .where(eq(products.id, coat));
  });
  afterAll(() => t.close());

  it("fills the draft from the monitor: name, euro price, its one size, the store and the page", async () => {
    const res = await call(ana, "GET", `/api/inventory/draft?product=${coat}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: "Casaco comprido de lã",
      price: "89.95",
      size: "M",
      purchaseLocation: "Zara",
      notes: "https://www.zara.com/pt/pt/casaco-comprido-la-p02015602.html",
      sourceProductId: coat,
    });
  });

  it("leaves the price and the size out when they are not one euro amount and one size", async () => {
    await t.database.db
      .update(products)
      .set({ currency: "PLN", availableSizes: JSON.stringify(["S", "M"]) })
      .where(eq(products.id, coat));
    const res = await call(ana, "GET", `/api/inventory/draft?product=${coat}`);
    expect(res.json()).toMatchObject({ price: null, size: null });
    await t.database.db
      .update(products)
      .set({ currency: "EUR", availableSizes: JSON.stringify(["M"]) })
      .where(eq(products.id, coat));
  });

  it("refuses another user's monitor, a wardrobe and a malformed id, in Portuguese", async () => {
    const other = await call(rui, "GET", `/api/inventory/draft?product=${coat}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Produto não encontrado");

    const wardrobe = await addProduct(t, ana, {
      platform: "vinted",
      url: "https://www.vinted.pt/member/12345678-ana",
      name: "Roupeiro da Ana",
    });
    const notOneItem = await call(ana, "GET", `/api/inventory/draft?product=${wardrobe}`);
    expect(notOneItem.statusCode).toBe(400);
    expect(notOneItem.json().message).toBe(
      "Um perfil não é um artigo: use «Comprei» num monitor de produto ou num resultado de pesquisa",
    );

    const malformed = await call(ana, "GET", "/api/inventory/draft?product=abc");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/Monitor inválido/);
  });

  it("fills the draft from one of a search's latest matches, with the total the buyer pays", async () => {
    const search = await addProduct(t, ana, {
      platform: "vinted",
      url: "https://www.vinted.pt/catalog?search_text=nike%20dunk&order=newest_first",
      name: "Dunk na Vinted",
    });
    const match = {
      id: "4411",
      title: "Nike Dunk Low Panda",
      price: "30.00",
      totalPrice: "33.20",
      currency: "EUR",
      url: "https://www.vinted.pt/items/4411-nike-dunk-low-panda",
      size: "42",
    };
    const zloty = { ...match, id: "4412", title: "Dunk Low (PL)", currency: "PLN" };
    await t.database.db
      .update(products)
      .set({ latestMatches: [match, zloty] })
      .where(eq(products.id, search));

    const res = await call(ana, "GET", `/api/inventory/draft?product=${search}&match=4411`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      name: "Nike Dunk Low Panda",
      price: "33.20",
      size: "42",
      purchaseLocation: "Vinted",
      notes: "https://www.vinted.pt/items/4411-nike-dunk-low-panda",
      sourceProductId: search,
    });
    const inZloty = await call(ana, "GET", `/api/inventory/draft?product=${search}&match=4412`);
    expect(inZloty.json()).toMatchObject({ name: "Dunk Low (PL)", price: null });

    const noMatch = await call(ana, "GET", `/api/inventory/draft?product=${search}`);
    expect(noMatch.statusCode).toBe(400);
    expect(noMatch.json().message).toBe("Numa pesquisa, use «Comprei» no resultado que comprou");
    const gone = await call(ana, "GET", `/api/inventory/draft?product=${search}&match=999`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Este resultado já não está entre os últimos da pesquisa");
  });

  it("keeps the monitor on the item; another user's monitor is refused and nothing is written", async () => {
    const created = await call(ana, "POST", "/api/inventory", {
      name: "Casaco comprido de lã",
      price: "89,95",
      size: "M",
      purchaseLocation: "Zara",
      sourceProductId: coat,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: "Casaco comprido de lã", sourceProductId: coat });
    const listed = (await call(ana, "GET", "/api/inventory")).json();
    expect(listed.find((item: { id: number }) => item.id === created.json().id).sourceProductId).toBe(coat);

    const stolen = await call(rui, "POST", "/api/inventory", {
      name: "Casaco",
      price: "10",
      sourceProductId: coat,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe("O monitor de origem não existe ou não é seu");
    expect(await itemsOf("rui")).toEqual([]);

    const plain = await call(ana, "POST", "/api/inventory", { name: "Sem monitor", price: "5" });
    expect(plain.json().sourceProductId).toBeNull();
  });

  it("keeps the item when the monitor is removed, and a deleted item comes back without it", async () => {
    const shoe = await addProduct(t, ana, {
      platform: "zara",
      url: "https://www.zara.com/pt/pt/sapatilhas-p12345678.html",
      name: "Sapatilhas",
    });
    const kept = (
      await call(ana, "POST", "/api/inventory", { name: "Sapatilhas", price: "30", sourceProductId: shoe })
    ).json();
    const deleted = (
      await call(ana, "POST", "/api/inventory", { name: "Sapatilhas 2", price: "30", sourceProductId: shoe })
    ).json();
    expect((await call(ana, "DELETE", `/api/inventory/${deleted.id}`)).statusCode).toBe(200);

    expect((await call(ana, "DELETE", `/api/products/${shoe}`)).statusCode).toBe(200);
    const after = (await call(ana, "GET", "/api/inventory")).json();
    expect(after.find((item: { id: number }) => item.id === kept.id)).toMatchObject({
      name: "Sapatilhas",
      sourceProductId: null,
    });

    const restored = await call(ana, "POST", `/api/inventory/${deleted.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ name: "Sapatilhas 2", sourceProductId: null });
  });
});
