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

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
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
    // zloty is a purchase currency: the amount is the shop's price, with no rate typed yet no price
    expect(res.json()).toMatchObject({
      price: null,
      size: null,
      purchaseCurrency: "PLN",
      purchaseAmount: "89.95",
      purchaseRate: null,
      purchaseRateOn: null,
    });
    await t.database.db
      .update(products)
      .set({ currency: "EUR", availableSizes: JSON.stringify(["M"]) })
      .where(eq(products.id, coat));
  });

  it("fills the purchase currency from a monitor priced in another currency, with the user's own last rate", async () => {
    const setMonitor = (price: string, currency: string) =>
      t.database.db.update(products).set({ price, currency }).where(eq(products.id, coat));
    const addItem = async (cookie: string, rate: string) => {
      const res = await call(cookie, "POST", "/api/inventory", {
        name: "Compra em dólares",
        price: "1",
        purchaseCurrency: "USD",
        purchaseAmount: "5",
        purchaseRate: rate,
        purchaseDate: "2026-11-10",
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    try {
      await setMonitor("12.99", "USD");
      // rui's rate is his: ana has none yet
      const ruis = await addItem(rui, "0,5");
      const first = (await call(ana, "GET", `/api/inventory/draft?product=${coat}`)).json();
      expect(first).toMatchObject({
        price: null,
        purchaseCurrency: "USD",
        purchaseAmount: "12.99",
        purchaseRate: null,
      });

      const earlier = await addItem(ana, "0,9234");
      const res = await call(ana, "GET", `/api/inventory/draft?product=${coat}`);
      expect(res.statusCode, res.body).toBe(200);
      const draft = res.json();
      expect(draft).toMatchObject({
        name: "Casaco comprido de lã",
        price: "11.99",
        purchaseCurrency: "USD",
        purchaseAmount: "12.99",
        purchaseRate: "0.923400",
        purchaseRateOn: "2026-11-10",
      });
      // saved as the dialog sends it back, the item keeps the dollars and the euro price they make
      const { purchaseRateOn: _on, ...fields } = draft;
      const saved = await call(ana, "POST", "/api/inventory", fields);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toMatchObject({
        price: "11.99",
        purchaseCurrency: "USD",
        purchaseAmount: "12.99",
        purchaseRate: "0.923400",
        sourceProductId: coat,
      });
      for (const id of [earlier, saved.json().id])
        expect((await call(ana, "DELETE", `/api/inventory/${id}`)).statusCode).toBe(200);
      expect((await call(rui, "DELETE", `/api/inventory/${ruis}`)).statusCode).toBe(200);

      // a currency no item can be bought in: neither a price nor a currency
      await setMonitor("250.00", "MXN");
      const peso = (await call(ana, "GET", `/api/inventory/draft?product=${coat}`)).json();
      expect(peso.price).toBeNull();
      expect(peso).not.toHaveProperty("purchaseCurrency");

      // books kept in dollars: a shop in dollars is a plain price, a shop in euros another currency
      expect((await call(ana, "PUT", "/api/settings", { user: { currency: "USD" } })).statusCode).toBe(200);
      await setMonitor("12.99", "USD");
      const inBooks = (await call(ana, "GET", `/api/inventory/draft?product=${coat}`)).json();
      expect(inBooks.price).toBe("12.99");
      expect(inBooks).not.toHaveProperty("purchaseCurrency");
      await setMonitor("89.95", "EUR");
      expect((await call(ana, "GET", `/api/inventory/draft?product=${coat}`)).json()).toMatchObject({
        price: null,
        purchaseCurrency: "EUR",
        purchaseAmount: "89.95",
      });
    } finally {
      await call(ana, "PUT", "/api/settings", { user: { currency: "EUR" } });
      await setMonitor("89.95", "EUR");
    }
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
    expect(inZloty.json()).toMatchObject({
      name: "Dunk Low (PL)",
      price: null,
      purchaseCurrency: "PLN",
      purchaseAmount: "33.20",
    });

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
