import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const URL = "/api/admin/financial-metrics";

describe.each(dbKinds())("financial metrics (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let user: string;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    adminId = await t.createUser({ username: "chefe", role: "admin" });
    const anaId = await t.createUser({ username: "ana" });
    const ruiId = await t.createUser({ username: "rui" });
    admin = await t.login("chefe");
    user = await t.login("ana");
    // two users' sales: the live totals add them up exactly
    const [a1, a2, r1] = await t.database.db
      .insert(inventoryItems)
      .values([
        { userId: anaId, name: "Ténis", price: "40.00", status: "sold" },
        { userId: anaId, name: "Casaco", price: "20.10", status: "sold" },
        { userId: ruiId, name: "Boné", price: "5.00", status: "sold" },
      ])
      .returning();
    await t.database.db.insert(inventoryItems).values([
      { userId: anaId, name: "Mala", price: "10.00" },
      { userId: ruiId, name: "Meias", price: "1.00" },
      { userId: ruiId, name: "Calças", price: "9.00", status: "pending" },
    ]);
    await t.database.db.insert(sales).values([
      { userId: anaId, inventoryItemId: a1.id, salePrice: "60.10", profit: "20.10" },
      { userId: anaId, inventoryItemId: a2.id, salePrice: "20.20", profit: "0.10" },
      { userId: ruiId, inventoryItemId: r1.id, salePrice: "19.70", profit: "14.70" },
    ]);
  });
  afterAll(() => t.close());

  const put = (cookie: string, payload: unknown) =>
    t.app.inject({ method: "PUT", url: URL, headers: { cookie }, payload: payload as object });

  it("starts at zero with live totals computed from every user's sales and items", async () => {
    const res = await t.app.inject({ method: "GET", url: URL, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalRevenue: "0.00",
      profitMargin: "0.00",
      totalItemsSold: 0,
      totalItemsInStock: 0,
      totalProfit: "0.00",
      lastUpdated: null,
      updatedBy: null,
      updatedByName: null,
      live: {
        totalRevenue: "100.00",
        totalProfit: "34.90",
        profitMargin: "34.90",
        totalItemsSold: 3,
        totalItemsInStock: 2,
      },
    });
  });

  it("saves the admin's figures, stamping who and when on the server", async () => {
    const before = Date.now();
    const res = await put(admin, {
      totalRevenue: "1.234,56",
      profitMargin: "12,5",
      totalItemsSold: 7,
      totalItemsInStock: "3",
      totalProfit: -10,
      lastUpdated: "2000-01-01T00:00:00Z",
      updatedBy: 999,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      totalRevenue: "1234.56",
      profitMargin: "12.50",
      totalItemsSold: 7,
      totalItemsInStock: 3,
      totalProfit: "-10.00",
      updatedBy: adminId,
      updatedByName: "chefe",
    });
    expect(new Date(body.lastUpdated).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = await t.app.inject({ method: "GET", url: URL, headers: { cookie: admin } });
    expect(again.json()).toMatchObject({ totalRevenue: "1234.56", totalItemsSold: 7 });
  });

  it("keeps one row: a second save replaces the first", async () => {
    await put(admin, {
      totalRevenue: "5",
      profitMargin: "1",
      totalItemsSold: 1,
      totalItemsInStock: 1,
      totalProfit: "2",
    });
    const rows = await t.database.db.query.financialMetrics.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].totalRevenue).toBe("5.00");
  });

  it.each([
    [{ totalRevenue: undefined }, "Receita total obrigatória"],
    [{ totalRevenue: "" }, "Receita total obrigatória"],
    [{ profitMargin: undefined }, "Margem de lucro obrigatória"],
    [{ totalProfit: "  " }, "Lucro total obrigatório"],
    [{ totalItemsSold: -1 }, "Total de itens vendidos deve ser positivo"],
    [{ totalItemsInStock: -5 }, "Total de itens em stock deve ser positivo"],
    [{ totalRevenue: "abc" }, "Valor inválido"],
    [{ profitMargin: "1000" }, "Valor demasiado grande"],
    [{ totalRevenue: "-3" }, "O valor não pode ser negativo"],
  ])("refuses %o with '%s' and changes nothing", async (change, message) => {
    const valid = {
      totalRevenue: "9",
      profitMargin: "9",
      totalItemsSold: 9,
      totalItemsInStock: 9,
      totalProfit: "9",
    };
    const res = await put(admin, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const rows = await t.database.db.query.financialMetrics.findMany();
    expect(rows[0].totalRevenue).toBe("5.00");
  });

  it("answers 403 'Acesso negado' to a user, for reading and writing", async () => {
    const get = await t.app.inject({ method: "GET", url: URL, headers: { cookie: user } });
    expect(get.statusCode).toBe(403);
    expect(get.json().message).toBe("Acesso negado");
    const res = await put(user, {
      totalRevenue: "1",
      profitMargin: "1",
      totalItemsSold: 1,
      totalItemsInStock: 1,
      totalProfit: "1",
    });
    expect(res.statusCode).toBe(403);
    const unauth = await t.app.inject({ method: "GET", url: URL });
    expect(unauth.statusCode).toBe(401);
  });
});
