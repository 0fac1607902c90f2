import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenses, sales } from "../src/db/schema.js";
import { createTestApp, csvCells, dbKinds, type TestApp } from "./harness.js";

describe.each(dbKinds())("yearly summary of the books (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const anaId = await t.createUser({ username: "ana" });
    const ruiId = await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    // price − fees − profit is what the item cost as the sale recorded it
    const sell = (
      platform: string | null,
      salePrice: string,
      fees: string,
      profit: string,
      at: string,
      userId = anaId,
    ) => ({
      userId,
      platform,
      salePrice,
      fees,
      profit,
      saleDate: new Date(at),
    });
    await t.database.db.insert(sales).values([
      // the last second of 2025 in Lisbon: not this year
      sell("Vinted", "1000.00", "0.00", "500.00", "2025-12-31T23:59:59Z"),
      sell("Vinted", "50.10", "2.60", "17.50", "2026-01-01T00:00:01Z"),
      sell(" vinted ", "100.00", "5.00", "45.00", "2026-01-31T23:30:00Z"),
      sell("eBay", "19.99", "1.99", "-2.00", "2026-03-15T12:00:00Z"),
      sell(null, "10.00", "0.00", "4.00", "2026-12-31T12:00:00Z"),
      sell("Vinted", "9999.00", "0.00", "9999.00", "2026-02-01T12:00:00Z", ruiId),
    ]);
    await t.database.db.insert(expenses).values([
      { userId: anaId, spentOn: "2026-01-31", category: "packaging", amount: "7.35" },
      { userId: anaId, spentOn: "2026-02-01", category: "travel", amount: "12.00" },
      { userId: anaId, spentOn: "2027-01-01", category: "travel", amount: "99.00" },
      { userId: ruiId, spentOn: "2026-01-10", category: "travel", amount: "500.00" },
    ]);
  });
  afterAll(() => t.close());

  it("sums each month and platform of the user's year exactly, expenses in their own month", async () => {
    const res = await call(ana, "/api/sales/year-summary?year=2026");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.year).toBe(2026);
    expect(body.years).toEqual(expect.arrayContaining([2027, 2026, 2025]));
    expect(body.months).toHaveLength(12);
    expect(body.months[0]).toEqual({
      month: 1,
      sales: 2,
      revenue: "150.10",
      fees: "7.60",
      cost: "80.00",
      salesProfit: "62.50",
      expenses: "7.35",
      profit: "55.15",
    });
    // a month with an expense and no sale loses money
    expect(body.months[1]).toMatchObject({
      month: 2,
      sales: 0,
      revenue: "0.00",
      expenses: "12.00",
      profit: "-12.00",
    });
    expect(body.months[2]).toMatchObject({ sales: 1, cost: "20.00", salesProfit: "-2.00", profit: "-2.00" });
    expect(body.months[11]).toMatchObject({ sales: 1, revenue: "10.00", profit: "4.00" });
    expect(body.total).toEqual({
      sales: 4,
      revenue: "180.09",
      fees: "9.59",
      cost: "106.00",
      salesProfit: "64.50",
      expenses: "19.35",
      profit: "45.15",
    });
    // one Vinted however it is written, named as first written; sales without a platform too
    expect(body.platforms).toEqual([
      { platform: "Vinted", sales: 2, revenue: "150.10", fees: "7.60", cost: "80.00", salesProfit: "62.50" },
      { platform: "eBay", sales: 1, revenue: "19.99", fees: "1.99", cost: "20.00", salesProfit: "-2.00" },
      { platform: "", sales: 1, revenue: "10.00", fees: "0.00", cost: "6.00", salesProfit: "4.00" },
    ]);
  });

  it("takes the months on the user's calendar and only the user's own books", async () => {
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: ana },
      payload: { user: { timezone: "America/New_York" } },
    });
    expect(settings.statusCode).toBe(200);
    const ny = (await call(ana, "/api/sales/year-summary?year=2026")).json();
    // 00:00:01 UTC on 1 Jan is still 2025 in New York; 23:30 UTC on 31 Jan is still January
    expect(ny.months[0]).toMatchObject({ sales: 1, revenue: "100.00" });
    expect(ny.total.sales).toBe(3);
    const theirs = (await call(rui, "/api/sales/year-summary?year=2026")).json();
    expect(theirs.total).toMatchObject({
      sales: 1,
      revenue: "9999.00",
      expenses: "500.00",
      profit: "9499.00",
    });
    expect((await call(ana, "/api/sales/year-summary?year=abc")).statusCode).toBe(400);
    expect((await call(ana, "/api/sales/year-summary?year=1999")).json().message).toBe("Ano inválido");
    expect((await t.app.inject({ method: "GET", url: "/api/sales/year-summary" })).statusCode).toBe(401);
  });

  it("exports the year as one sheet: months, the total, then each platform", async () => {
    const res = await call(rui, "/api/sales/year-summary/export?year=2026");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toBe('attachment; filename="resumo_2026.csv"');
    const lines = csvCells(res.body);
    expect(lines[0]).toEqual([
      "Tipo",
      "Nome",
      "Vendas",
      "Receita (EUR)",
      "Custo dos artigos (EUR)",
      "Taxas (EUR)",
      "Lucro das vendas (EUR)",
      "Despesas (EUR)",
      "Lucro (EUR)",
    ]);
    expect(lines[1]).toEqual([
      "Mês",
      "janeiro de 2026",
      "0",
      "0,00",
      "0,00",
      "0,00",
      "0,00",
      "500,00",
      "-500,00",
    ]);
    expect(lines[2]).toEqual([
      "Mês",
      "fevereiro de 2026",
      "1",
      "9999,00",
      "0,00",
      "0,00",
      "9999,00",
      "0,00",
      "9999,00",
    ]);
    expect(lines[13]).toEqual([
      "Total",
      "2026",
      "1",
      "9999,00",
      "0,00",
      "0,00",
      "9999,00",
      "500,00",
      "9499,00",
    ]);
    expect(lines[14]).toEqual(["Plataforma", "Vinted", "1", "9999,00", "0,00", "0,00", "9999,00", "", ""]);
    expect(lines).toHaveLength(15);
  });
});
