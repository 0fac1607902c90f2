import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/** each sale keeps the books currency it was recorded in (docs/decisions.md, "A venda guarda a sua moeda") */
describe.each(dbKinds())("a sale's own currency (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let chefe: string;

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: ana }, payload });
  const setCurrency = async (currency: string) =>
    expect((await call("PUT", "/api/settings", { user: { currency } })).statusCode).toBe(200);
  const newItem = async (name: string, extra: object = {}) => {
    const res = await call("POST", "/api/inventory", { name, price: "10", ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    ana = await t.login("ana");
    await t.createUser({ username: "chefe", role: "admin" });
    chefe = await t.login("chefe");
  });
  afterAll(() => t.close());

  it("records each sale in the books currency of its day, on every path, and sums only today's", async () => {
    // in euros: a sale through POST /api/sales
    const coat = await newItem("Casaco");
    const first = await call("POST", "/api/sales", {
      inventoryItemId: coat.id,
      salePrice: "100",
      platform: "Vinted",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ currency: "EUR" });

    await setCurrency("USD");
    // the status dialog's sale
    const cap = await newItem("Boné");
    const put = await call("PUT", `/api/inventory/${cap.id}`, {
      status: "sold",
      salePrice: "30",
      platform: "OLX",
    });
    expect(put.statusCode, put.body).toBe(200);
    // some units of a lot
    const lot = await newItem("Meias", { quantity: 3 });
    const part = await call("POST", "/api/sales", {
      inventoryItemId: lot.id,
      salePrice: "20",
      platform: "Vinted",
      quantity: 1,
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json()).toMatchObject({ currency: "USD", quantity: 1 });
    // the CSV import of sales
    const imported = await call("POST", "/api/sales/import", {
      content: "Item;Preço de venda;Data da venda;Plataforma\nSaia;40;15/03/2026;Vinted\n",
    });
    expect(imported.json(), imported.body).toMatchObject({ imported: 1 });

    const list = (await call("GET", "/api/sales")).json() as { currency: string; item: { name: string } }[];
    const currencyOf = Object.fromEntries(list.map((s) => [s.item.name, s.currency]));
    expect(currencyOf).toEqual({ Casaco: "EUR", Boné: "USD", Meias: "USD", Saia: "USD" });

    // the inventory list names a sale's currency only when it is not the euro
    const items = (await call("GET", "/api/inventory")).json() as {
      name: string;
      sale: { currency?: string } | null;
    }[];
    const coatSale = items.find((i) => i.name === "Casaco")?.sale;
    expect(coatSale).not.toBeNull();
    expect(coatSale).not.toHaveProperty("currency");
    expect(items.find((i) => i.name === "Boné")?.sale?.currency).toBe("USD");

    // totals in US$: 30 + 20 + 40, the 100 € left out and counted apart
    const status = (await call("GET", "/api/status/statistics")).json();
    expect(status.inventoryStatus.totalRevenue).toBe("90.00");
    expect(status.salesPerformance.totalSales).toBe(3);
    expect(status.otherCurrencySales).toBe(1);
    const stats = (await call("GET", "/api/inventory/statistics")).json();
    expect(stats.totalRevenue).toBe("90.00");

    // the ranking, the year summary and the admin's live totals add the US$ sales alone too
    const ranking = (await call("GET", "/api/ranking")).json();
    expect(ranking).toMatchObject([{ username: "ana", totalRevenue: "90.00" }]);
    const year = (await call("GET", "/api/sales/year-summary?year=2026")).json();
    expect(year.total.revenue).toBe("90.00");
    const adminSays = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/admin/financial-metrics", headers: { cookie: chefe } })
      ).json().live.totalRevenue;
    // DAC7 counts Vinted's two sales as transactions, its total only the 20 + 40 in US$
    const dac7 = (await call("GET", "/api/sales/dac7?year=2026")).json();
    expect(dac7.platforms.find((p: { platform: string }) => p.platform === "Vinted")).toMatchObject({
      sales: 3,
      total: "60.00",
    });
    // the admin keeps the books in euros: the 100 € alone
    expect(await adminSays()).toBe("100.00");

    // back to euros: the euro sale is the total, the three in US$ are left out
    await setCurrency("EUR");
    const inEuros = (await call("GET", "/api/status/statistics")).json();
    expect(inEuros.inventoryStatus.totalRevenue).toBe("100.00");
    expect(inEuros.otherCurrencySales).toBe(3);
    expect((await call("GET", "/api/ranking")).json()).toMatchObject([{ totalRevenue: "100.00" }]);

    // editing a sale keeps its currency
    const boneSale = list.find((s) => s.item.name === "Boné") as unknown as { id: number };
    const edited = await call("PUT", `/api/sales/${boneSale.id}`, { salePrice: "35" });
    expect(edited.json()).toMatchObject({ currency: "USD", salePrice: "35.00" });
    const rows = await t.database.db.select().from(sales).where(eq(sales.id, boneSale.id));
    expect(rows[0].currency).toBe("USD");
  });
});
