import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems } from "../src/db/schema.js";
import { computeProfit } from "../src/services/sales.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe("computeProfit", () => {
  it.each([
    ["50.00", "30.00", "2.50", "3.50", "14.00"],
    ["0.30", "0.10", "0.00", "0.10", "0.10"],
    ["10.00", "12.00", "1.00", "0.00", "-3.00"],
    ["99999999.99", "0.01", "0.00", "0.00", "99999999.98"],
  ])("%s − %s − %s − %s = %s", (sale, price, shipping, fees, profit) => {
    expect(computeProfit(sale, price, shipping, fees)).toBe(profit);
  });
});

describe.each(dbKinds())("sales API (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (cookie: string, method: "GET" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const addItem = async (cookie: string, payload: object) =>
    (await call(cookie, "POST", "/api/inventory", payload)).json();
  const itemStatus = async (id: number) =>
    (await t.database.db.select().from(inventoryItems).where(eq(inventoryItems.id, id)))[0]?.status;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
  });
  afterAll(() => t.close());

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/sales" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/sales", payload: {} })).statusCode).toBe(401);
  });

  it("records a sale with the server's profit, ignoring the client's, and marks the item sold", async () => {
    const item = await addItem(ana, { name: "Ténis", price: "45,10", shippingPrice: "4,90" });
    const res = await call(ana, "POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: "100",
      saleDate: "2026-03-15T10:30:00.000Z",
      buyer: "João",
      platform: "Vinted",
      fees: "2+1,5",
      profit: "999.99",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      inventoryItemId: item.id,
      salePrice: "100.00",
      fees: "3.50",
      profit: "46.50",
      buyer: "João",
      platform: "Vinted",
      saleDate: "2026-03-15T10:30:00.000Z",
      // the list's per-sale figures (ROI, days in stock) read the item's cost and days from here
      item: {
        id: item.id,
        name: "Ténis",
        price: "45.10",
        shippingPrice: "4.90",
        purchaseDate: null,
        createdAt: item.createdAt,
      },
    });
    expect(await itemStatus(item.id)).toBe("sold");
  });

  it("answers 409 'Item já vendido' for an item already sold, keeping one sale", async () => {
    const item = await addItem(ana, { name: "Boné", price: "5" });
    const first = await call(ana, "POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: "9",
      platform: "OLX",
    });
    expect(first.statusCode).toBe(201);
    const second = await call(ana, "POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: "10",
      platform: "OLX",
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("Item já vendido");
    const mine = (await call(ana, "GET", "/api/sales"))
      .json()
      .filter((s: { inventoryItemId: number }) => s.inventoryItemId === item.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].salePrice).toBe("9.00");
  });

  it("sells an item only once when two requests race", async () => {
    const item = await addItem(ana, { name: "Corrida", price: "1" });
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        call(ana, "POST", "/api/sales", { inventoryItemId: item.id, salePrice: "2", platform: "OLX" }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("sells items that are pending or in transit too", async () => {
    for (const status of ["pending", "transit"]) {
      const item = await addItem(ana, { name: `Item ${status}`, price: "1", status });
      const res = await call(ana, "POST", "/api/sales", {
        inventoryItemId: item.id,
        salePrice: "2",
        platform: "OLX",
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it("validates in Portuguese and writes nothing on bad input", async () => {
    const item = await addItem(ana, { name: "Validar", price: "1" });
    const cases: [object, string, string][] = [
      [{ salePrice: "2", platform: "OLX" }, "inventoryItemId", "Selecione um item"],
      [{ inventoryItemId: 0, salePrice: "2", platform: "OLX" }, "inventoryItemId", "Selecione um item"],
      [{ inventoryItemId: item.id, platform: "OLX" }, "salePrice", "Preço de venda obrigatório"],
      [
        { inventoryItemId: item.id, salePrice: "", platform: "OLX" },
        "salePrice",
        "Preço de venda obrigatório",
      ],
      [{ inventoryItemId: item.id, salePrice: "2" }, "platform", "Plataforma obrigatória"],
      [{ inventoryItemId: item.id, salePrice: "2", platform: " " }, "platform", "Plataforma obrigatória"],
      [{ inventoryItemId: item.id, salePrice: "2", platform: "OLX", fees: "abc" }, "fees", "Valor inválido"],
      [
        { inventoryItemId: item.id, salePrice: "2", platform: "OLX", saleDate: "ontem" },
        "saleDate",
        "Data da venda obrigatória",
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await call(ana, "POST", "/api/sales", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect(await itemStatus(item.id)).toBe("in_stock");
  });

  it("deleting a sale puts its item back in stock", async () => {
    const item = await addItem(ana, { name: "Voltar", price: "1", status: "transit" });
    const sale = (
      await call(ana, "POST", "/api/sales", { inventoryItemId: item.id, salePrice: "2", platform: "OLX" })
    ).json();
    const res = await call(ana, "DELETE", `/api/sales/${sale.id}`);
    expect(res.statusCode).toBe(200);
    expect(await itemStatus(item.id)).toBe("in_stock");
    const list = (await call(ana, "GET", "/api/sales")).json();
    expect(list.find((s: { id: number }) => s.id === sale.id)).toBeUndefined();
    expect((await call(ana, "DELETE", `/api/sales/${sale.id}`)).statusCode).toBe(404);
  });

  it("keeps users apart: another user's sale is 404 and never listed", async () => {
    const item = await addItem(ana, { name: "Privado", price: "1" });
    const sale = (
      await call(ana, "POST", "/api/sales", { inventoryItemId: item.id, salePrice: "2", platform: "OLX" })
    ).json();
    expect((await call(rui, "GET", "/api/sales")).json()).toEqual([]);
    const del = await call(rui, "DELETE", `/api/sales/${sale.id}`);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe("Venda não encontrada");
    expect(await itemStatus(item.id)).toBe("sold");
  });

  it("lists the newest sale first", async () => {
    const t2 = await createTestApp(kind);
    try {
      await t2.createUser({ username: "eva" });
      const eva = await t2.login("eva");
      const post = (url: string, payload: object) =>
        t2.app.inject({ method: "POST", url, headers: { cookie: eva }, payload }).then((r) => r.json());
      const dates = ["2026-01-10T12:00:00Z", "2026-05-01T12:00:00Z", "2025-12-31T23:59:00Z"];
      for (const saleDate of dates) {
        const item = await post("/api/inventory", { name: saleDate, price: "1" });
        await post("/api/sales", { inventoryItemId: item.id, salePrice: "2", platform: "OLX", saleDate });
      }
      const list = (
        await t2.app.inject({ method: "GET", url: "/api/sales", headers: { cookie: eva } })
      ).json();
      expect(list.map((s: { item: { name: string } }) => s.item.name)).toEqual([
        dates[1],
        dates[0],
        dates[2],
      ]);
    } finally {
      await t2.close();
    }
  });
});
