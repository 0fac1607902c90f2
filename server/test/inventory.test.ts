import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

describe.each(dbKinds())("inventory API (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const addItem = async (cookie: string, payload: object) => {
    const res = await call(cookie, "POST", "/api/inventory", payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(() => t.close());

  it("answers 401 without a session", async () => {
    for (const url of ["/api/inventory", "/api/inventory/statistics"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Não autenticado");
    }
  });

  it("creates an item from comma and dot amounts, exact to the cent, with a photo", async () => {
    const item = await addItem(ana, {
      name: "  Ténis Samba ",
      price: "45,10",
      shippingPrice: "4.9",
      sku: "",
      status: "in_stock",
      image: PNG,
      size: "42",
      purchaseLocation: "Zara Colombo",
      notes: "caixa intacta",
    });
    expect(item).toMatchObject({
      name: "Ténis Samba",
      price: "45.10",
      shippingPrice: "4.90",
      sku: null,
      status: "in_stock",
      image: expect.stringMatching(new RegExp(`^/api/inventory/${item.id}/photo\\?v=[0-9a-z]+$`)),
      size: "42",
      purchaseLocation: "Zara Colombo",
      notes: "caixa intacta",
      sale: null,
    });
    expect(new Date(item.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const list = (await call(ana, "GET", "/api/inventory")).json();
    expect(list.map((i: { id: number }) => i.id)).toContain(item.id);
  });

  it("rounds amounts to 2 decimals and defaults shipping to 0", async () => {
    const item = await addItem(ana, { name: "Boné", price: "9,999" });
    expect(item.price).toBe("10.00");
    expect(item.shippingPrice).toBe("0.00");
  });

  it("refuses bad input in Portuguese without writing anything", async () => {
    const before = (await call(ana, "GET", "/api/inventory")).json().length;
    const cases: [object, string][] = [
      [{ price: "10" }, "name"],
      [{ name: "x" }, "price"],
      [{ name: "x", price: "dez" }, "price"],
      [{ name: "x", price: "-1" }, "price"],
      [{ name: "x", price: "1", status: "lost" }, "status"],
      [{ name: "x", price: "1", image: "data:text/html;base64,PGgxPg==" }, "image"],
      [{ name: "x", price: "1", image: "https://example.com/a.png" }, "image"],
    ];
    for (const [payload, path] of cases) {
      const res = await call(ana, "POST", "/api/inventory", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const body = res.json();
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path);
      expect(JSON.stringify(body)).not.toMatch(/Required|Invalid input/);
    }
    expect((await call(ana, "GET", "/api/inventory")).json().length).toBe(before);
  });

  it("refuses a photo over 15 MB decoded with a Portuguese message", async () => {
    const big = `data:image/jpeg;base64,${"A".repeat(Math.ceil((15 * 1024 * 1024 + 10) / 3) * 4)}`;
    const res = await call(ana, "POST", "/api/inventory", { name: "grande", price: "1", image: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].message).toBe("Imagem demasiado grande (máximo 15 MB)");
  });

  it("keeps users apart: another user's item is 404 and never listed", async () => {
    const mine = await addItem(ana, { name: "Só da Ana", price: "10" });
    const ruiList = (await call(rui, "GET", "/api/inventory")).json();
    expect(ruiList.find((i: { id: number }) => i.id === mine.id)).toBeUndefined();
    const put = await call(rui, "PUT", `/api/inventory/${mine.id}`, { status: "pending" });
    expect(put.statusCode).toBe(404);
    const del = await call(rui, "DELETE", `/api/inventory/${mine.id}`);
    expect(del.statusCode).toBe(404);
    const missing = await call(rui, "DELETE", "/api/inventory/999999");
    expect(missing.statusCode).toBe(404);
    expect(del.json().message).toBe(missing.json().message);
    const sell = await call(rui, "POST", "/api/sales", {
      inventoryItemId: mine.id,
      salePrice: "20",
      platform: "Vinted",
    });
    expect(sell.statusCode).toBe(404);
    const still = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === mine.id);
    expect(still.status).toBe("in_stock");
    expect((await call(rui, "GET", "/api/inventory/statistics")).json()).toEqual({
      totalItems: 0,
      inStock: 0,
      sold: 0,
      totalRevenue: "0.00",
      totalProfit: "0.00",
    });
  });

  it("moving an item to sold with a sale price transfers it to sales", async () => {
    const item = await addItem(ana, { name: "Casaco", price: "30,00", shippingPrice: "2,50" });
    const res = await call(ana, "PUT", `/api/inventory/${item.id}`, {
      id: item.id,
      status: "sold",
      salePrice: "50",
      fees: "2+1,5",
      buyer: "Maria",
      platform: "Vinted",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "sold",
      sale: { salePrice: "50.00", fees: "3.50", profit: "14.00" },
    });
    const sale = (await call(ana, "GET", "/api/sales"))
      .json()
      .find((s: { inventoryItemId: number }) => s.inventoryItemId === item.id);
    expect(sale).toMatchObject({
      salePrice: "50.00",
      fees: "3.50",
      profit: "14.00",
      buyer: "Maria",
      platform: "Vinted",
    });
    expect(sale.item).toMatchObject({ name: "Casaco", price: "30.00", shippingPrice: "2.50" });

    // a second sale of the same item is refused
    const again = await call(ana, "PUT", `/api/inventory/${item.id}`, { status: "sold", salePrice: "60" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Item já vendido");

    // moving it out of sold removes the sale
    const back = await call(ana, "PUT", `/api/inventory/${item.id}`, { status: "transit" });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: "transit", sale: null });
    const left = await t.database.db.select().from(sales).where(eq(sales.inventoryItemId, item.id));
    expect(left).toHaveLength(0);
  });

  it("moving to sold without a sale price is refused and changes nothing", async () => {
    const item = await addItem(ana, { name: "Calças", price: "12" });
    const res = await call(ana, "PUT", `/api/inventory/${item.id}`, { status: "sold" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Preço de venda obrigatório");
    const now = (await call(ana, "GET", "/api/inventory"))
      .json()
      .find((i: { id: number }) => i.id === item.id);
    expect(now.status).toBe("in_stock");
  });

  it("changes among in_stock, pending and transit", async () => {
    const item = await addItem(ana, { name: "Meias", price: "3", status: "pending" });
    for (const status of ["transit", "in_stock", "pending"]) {
      const res = await call(ana, "PUT", `/api/inventory/${item.id}`, { status });
      expect(res.json().status).toBe(status);
    }
  });

  it("creating an item as sold records its sale in the same step", async () => {
    const item = await addItem(ana, {
      name: "Mala",
      price: "20",
      status: "sold",
      salePrice: "35,5",
      platform: "OLX",
    });
    expect(item).toMatchObject({
      status: "sold",
      sale: { salePrice: "35.50", profit: "15.50", platform: "OLX" },
    });
    const bad = await call(ana, "POST", "/api/inventory", { name: "Mala 2", price: "20", status: "sold" });
    expect(bad.statusCode).toBe(400);
  });

  it("deleting an item removes it and its sale", async () => {
    const item = await addItem(ana, { name: "Relógio", price: "100" });
    await call(ana, "POST", "/api/sales", { inventoryItemId: item.id, salePrice: "150", platform: "Vinted" });
    const res = await call(ana, "DELETE", `/api/inventory/${item.id}`);
    expect(res.statusCode).toBe(200);
    const list = (await call(ana, "GET", "/api/inventory")).json();
    expect(list.find((i: { id: number }) => i.id === item.id)).toBeUndefined();
    const left = await t.database.db.select().from(sales).where(eq(sales.inventoryItemId, item.id));
    expect(left).toHaveLength(0);
  });

  it("statistics count items and sum sales exactly", async () => {
    const t2 = await createTestApp(kind);
    try {
      await t2.createUser({ username: "eva" });
      const eva = await t2.login("eva");
      const post = (url: string, payload: object) =>
        t2.app.inject({ method: "POST", url, headers: { cookie: eva }, payload }).then((r) => r.json());
      const a = await post("/api/inventory", { name: "A", price: "0,10" });
      const b = await post("/api/inventory", { name: "B", price: "0,20", shippingPrice: "0,05" });
      await post("/api/inventory", { name: "C", price: "1", status: "pending" });
      await post("/api/inventory", { name: "D", price: "1" });
      await post("/api/sales", {
        inventoryItemId: a.id,
        salePrice: "0,30",
        platform: "Vinted",
        fees: "0,01",
      });
      await post("/api/sales", { inventoryItemId: b.id, salePrice: "0,10", platform: "OLX" });
      const stats = await t2.app.inject({
        method: "GET",
        url: "/api/inventory/statistics",
        headers: { cookie: eva },
      });
      // profits: 0.30-0.10-0-0.01 = 0.19 ; 0.10-0.20-0.05 = -0.15
      expect(stats.json()).toEqual({
        totalItems: 4,
        inStock: 1,
        sold: 2,
        totalRevenue: "0.40",
        totalProfit: "0.04",
      });
    } finally {
      await t2.close();
    }
  });
});
