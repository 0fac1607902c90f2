import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems } from "../src/db/schema.js";
import { createTestApp, csvCells, dbKinds, type TestApp } from "./harness.js";

/** 23 Nov 2026 03:30 UTC: the 23rd at 03:30 in Lisbon, the 22nd at 22:30 in New York */
const NEAR_MIDNIGHT = "2026-11-23T03:30:00.000Z";

describe.each(dbKinds())("CSV exports of the books (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let rui: string;

  const call = (cookie: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const saveUserSettings = async (cookie: string, user: object) =>
    expect((await call(cookie, "PUT", "/api/settings", { user })).statusCode).toBe(200);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");

    const coat = (await call(ana, "POST", "/api/inventory", { name: "Casaco", price: "1234,5" })).json();
    const cap = (
      await call(ana, "POST", "/api/inventory", {
        name: "Boné",
        price: "5",
        sku: "BN-1",
        purchaseDate: "2026-11-20",
      })
    ).json();
    await t.database.db
      .update(inventoryItems)
      .set({ createdAt: new Date(NEAR_MIDNIGHT) })
      .where(eq(inventoryItems.id, coat.id));
    const sale = await call(ana, "POST", "/api/sales", {
      inventoryItemId: coat.id,
      salePrice: "1500",
      fees: "10",
      platform: "Vinted",
      saleDate: NEAR_MIDNIGHT,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(cap.id).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  it("writes the sales in the user's time zone, each with the currency it was recorded in", async () => {
    await saveUserSettings(ana, { currency: "USD", timezone: "America/New_York" });
    const res = await call(ana, "GET", "/api/sales/export");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="vendas_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row] = csvCells(res.body);
    expect(header).toEqual([
      "Data",
      "Item",
      "SKU",
      "Comprador",
      "Plataforma",
      "Quantidade",
      "Moeda",
      "Preço de venda",
      "Taxas",
      "Custo",
      "Lucro",
    ]);
    expect(row).toEqual([
      "22/11/2026 22:30",
      "Casaco",
      "",
      "",
      "Vinted",
      "1",
      // sold while the books were in euros: switching to US$ relabels nothing
      "EUR",
      "1500,00",
      "10,00",
      "1234,50",
      "255,50",
    ]);

    await saveUserSettings(ana, { currency: "EUR", timezone: "Europe/Lisbon" });
    const [lisbonHeader, lisbonRow] = csvCells((await call(ana, "GET", "/api/sales/export")).body);
    expect(lisbonHeader[6]).toBe("Moeda");
    expect(lisbonRow[0]).toBe("23/11/2026 03:30");

    // the screen's platform filter (case aside) and order apply to the file
    const vinted = csvCells((await call(ana, "GET", "/api/sales/export?platform=vinted&sort=oldest")).body);
    expect(vinted.slice(1).map((r) => r[1])).toEqual(["Casaco"]);
    expect(csvCells((await call(ana, "GET", "/api/sales/export?platform=OLX")).body)).toHaveLength(1);
    const badSort = await call(ana, "GET", "/api/sales/export?sort=random");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.body).toContain("Ordem inválida");
  });

  it("writes the inventory's dates in the user's zone and applies the screen's search and status", async () => {
    await saveUserSettings(ana, { currency: "GBP", timezone: "America/New_York" });
    const all = csvCells((await call(ana, "GET", "/api/inventory/export")).body);
    expect(all[0]).toContain("Preço (GBP)");
    expect(all[0]).toContain("Lucro (GBP)");
    const coat = all.find((r) => r[0] === "Casaco");
    expect(all[0].slice(3, 5)).toEqual(["Local de compra", "Data de compra"]);
    expect(coat).toEqual([
      "Casaco",
      "",
      "",
      "",
      "",
      "1234,50",
      "0,00",
      "1",
      "",
      "",
      "",
      "Vendido",
      "1500,00",
      "255,50",
      "",
      "22/11/2026",
    ]);
    expect(all).toHaveLength(3);

    const sold = csvCells((await call(ana, "GET", "/api/inventory/export?status=sold")).body);
    expect(sold.slice(1).map((r) => r[0])).toEqual(["Casaco"]);
    const searched = csvCells((await call(ana, "GET", "/api/inventory/export?search=bn-1")).body);
    expect(searched.slice(1).map((r) => r[0])).toEqual(["Boné"]);
    // the purchase date is the day typed, dd/MM/yyyy, whatever the zone (New York here)
    expect(searched[1][4]).toBe("20/11/2026");

    await saveUserSettings(ana, { timezone: "Europe/Lisbon" });
    const lisbon = csvCells((await call(ana, "GET", "/api/inventory/export?status=sold")).body);
    expect(lisbon[1][15]).toBe("23/11/2026");

    // in the screen's order: the cheapest first, then the dearest first
    const cheapest = csvCells((await call(ana, "GET", "/api/inventory/export?sort=priceLow")).body);
    const prices = cheapest.slice(1).map((r) => Number(r[5].replace(",", ".")));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices[prices.length - 1]);
    const dearest = csvCells((await call(ana, "GET", "/api/inventory/export?sort=priceHigh")).body);
    expect(dearest.slice(1).map((r) => r[0])).toEqual(
      cheapest
        .slice(1)
        .map((r) => r[0])
        .reverse(),
    );
  });

  it("writes a lot bought in another currency with its units, currency, amount as paid and rate", async () => {
    const created = await call(rui, "POST", "/api/inventory", {
      name: "Lote AliExpress",
      price: "1",
      quantity: 3,
      purchaseCurrency: "USD",
      purchaseAmount: "12,99",
      purchaseRate: "0,9234",
    });
    expect(created.statusCode, created.body).toBe(201);
    const [header, row] = csvCells((await call(rui, "GET", "/api/inventory/export")).body);
    const at = (name: string) => row[header.indexOf(name)];
    expect(header.slice(7, 11)).toEqual([
      "Quantidade",
      "Moeda de compra",
      "Valor na moeda de compra",
      "Taxa de câmbio",
    ]);
    expect([at("Preço (EUR)"), at("Quantidade"), at("Moeda de compra")]).toEqual(["11,99", "3", "USD"]);
    expect([at("Valor na moeda de compra"), at("Taxa de câmbio")]).toEqual(["12,99", "0,923400"]);
    expect((await call(rui, "DELETE", `/api/inventory/${created.json().id}`)).statusCode).toBe(200);
  });

  it("writes the expenses with their own day, category in Portuguese and exact amounts, guarded against formulas", async () => {
    await saveUserSettings(ana, { currency: "EUR", timezone: "America/New_York" });
    for (const expense of [
      { spentOn: "2026-11-01", category: "packaging", description: "Caixas", amount: "12,35" },
      { spentOn: "2026-11-23", category: "other", description: "=1+1", amount: "0,10" },
    ]) {
      expect((await call(ana, "POST", "/api/expenses", expense)).statusCode).toBe(201);
    }
    const res = await call(ana, "GET", "/api/expenses/export");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="despesas_\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...lines] = csvCells(res.body);
    expect(header).toEqual(["Data", "Categoria", "Descrição", "Item", "Valor (EUR)", "Talão"]);
    // a day stays its own day in New York; the formula is written as text
    expect(lines).toContainEqual(["23/11/2026", "Outra", "'=1+1", "", "0,10", "Não"]);
    expect(lines).toContainEqual(["01/11/2026", "Embalagens", "Caixas", "", "12,35", "Não"]);
    expect(csvCells((await call(rui, "GET", "/api/expenses/export")).body)).toHaveLength(1);
    expect((await t.app.inject({ method: "GET", url: "/api/expenses/export" })).statusCode).toBe(401);
    await saveUserSettings(ana, { timezone: "Europe/Lisbon" });
  });

  it("exports only the caller's books, and refuses a bad filter in Portuguese", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/sales/export" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/export" })).statusCode).toBe(401);
    expect(csvCells((await call(rui, "GET", "/api/inventory/export")).body)).toHaveLength(1);
    expect(csvCells((await call(rui, "GET", "/api/sales/export")).body)).toHaveLength(1);
    const bad = await call(ana, "GET", "/api/inventory/export?status=lost");
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Estado inválido");
    const badSort = await call(ana, "GET", "/api/inventory/export?sort=random");
    expect(badSort.statusCode).toBe(400);
    expect(badSort.body).toContain("Ordem inválida");
  });
});
