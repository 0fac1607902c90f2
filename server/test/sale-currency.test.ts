import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

/** each sale keeps the books currency it was recorded in (docs/decisions.md, "A venda guarda a sua moeda") */
describe.each(dbKinds())("a sale's own currency (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let chefe: string;

  const callAs =
    (cookie: () => string) => (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: cookie() }, payload });
  const call = callAs(() => ana);
  const setCurrency = async (currency: string, as = call) =>
    expect((await as("PUT", "/api/settings", { user: { currency } })).statusCode).toBe(200);
  const newItem = async (name: string, extra: object = {}, as = call) => {
    const res = await as("POST", "/api/inventory", { name, price: "10", ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  /** a sale of a new item at `price` on `platform`, on `saleDate` when given */
  const sell = async (as: typeof call, name: string, price: string, platform: string, saleDate?: string) => {
    const item = await newItem(name, {}, as);
    const res = await as("POST", "/api/sales", {
      inventoryItemId: item.id,
      salePrice: price,
      platform,
      saleDate,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; currency: string };
  };
  /** a user of their own, signed in */
  const newUser = async (username: string) => {
    await t.createUser({ username });
    const cookie = await t.login(username);
    return callAs(() => cookie);
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
    expect((await call("GET", "/api/ranking/left-out")).json()).toEqual({ otherCurrencySales: 1 });
    const year = (await call("GET", "/api/sales/year-summary?year=2026")).json();
    expect(year.total.revenue).toBe("90.00");
    const adminSays = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/admin/financial-metrics", headers: { cookie: chefe } })
      ).json().live.totalRevenue;
    expect(year.otherCurrencySales).toBe(1);
    // DAC7 counts Vinted's three sales as transactions; its threshold is in euros, so its total is
    // the 100 € alone; the 20 + 40 in US$ (and OLX's 30) are counted apart
    const dac7 = (await call("GET", "/api/sales/dac7?year=2026")).json();
    expect(dac7).toMatchObject({ currency: "EUR", amountThreshold: "2000.00", otherCurrencySales: 3 });
    expect(dac7.platforms.find((p: { platform: string }) => p.platform === "Vinted")).toMatchObject({
      sales: 3,
      total: "100.00",
      otherCurrencySales: 2,
    });
    // the admin keeps the books in euros: the 100 € alone
    expect(await adminSays()).toBe("100.00");

    // back to euros: the euro sale is the total, the three in US$ are left out
    await setCurrency("EUR");
    const inEuros = (await call("GET", "/api/status/statistics")).json();
    expect(inEuros.inventoryStatus.totalRevenue).toBe("100.00");
    expect(inEuros.otherCurrencySales).toBe(3);
    expect((await call("GET", "/api/ranking")).json()).toMatchObject([{ totalRevenue: "100.00" }]);
    expect((await call("GET", "/api/ranking/left-out")).json()).toEqual({ otherCurrencySales: 3 });
    // a period without the sales in US$: none left out of it
    expect(
      (await call("GET", "/api/ranking/left-out?period=custom&from=2020-01-01&to=2020-12-31")).json(),
    ).toEqual({
      otherCurrencySales: 0,
    });

    // editing a sale keeps its currency
    const boneSale = list.find((s) => s.item.name === "Boné") as unknown as { id: number };
    const edited = await call("PUT", `/api/sales/${boneSale.id}`, { salePrice: "35" });
    expect(edited.json()).toMatchObject({ currency: "USD", salePrice: "35.00" });
    const rows = await t.database.db.select().from(sales).where(eq(sales.id, boneSale.id));
    expect(rows[0].currency).toBe("USD");
  });

  it("offers a year whose sales are all in another currency, with none in its figures and their count", async () => {
    const rui = await newUser("rui");
    await sell(rui, "Blusa", "25", "Vinted", "2024-05-10");
    await setCurrency("USD", rui);
    const summary = (await rui("GET", "/api/sales/year-summary?year=2024")).json();
    expect(summary.years).toContain(2024);
    expect(summary.total).toMatchObject({ sales: 0, revenue: "0.00" });
    expect(summary.platforms).toEqual([]);
    expect(summary.otherCurrencySales).toBe(1);
    // the CSV of the year says it too, under the platforms
    const csv = (await rui("GET", "/api/sales/year-summary/export?year=2024")).body;
    expect(csv).toContain("Noutra moeda;Fora dos totais;1;");
    // a year with nothing in another currency has no such line
    const current = (await rui("GET", "/api/sales/year-summary")).json();
    expect(current.otherCurrencySales).toBe(0);
    expect((await rui("GET", "/api/sales/year-summary/export")).body).not.toContain("Noutra moeda");
  });

  it("compares DAC7's euro threshold with the sales in euros alone, whatever the books currency", async () => {
    const lia = await newUser("lia");
    await sell(lia, "Mala", "1900", "Vinted");
    await setCurrency("USD", lia);
    // 5 000 US$ is not 5 000 €: not added, not compared, counted apart
    await sell(lia, "Relógio", "5000", "Vinted");
    const dac7 = (await lia("GET", "/api/sales/dac7")).json();
    expect(dac7).toMatchObject({ currency: "EUR", amountThreshold: "2000.00", otherCurrencySales: 1 });
    expect(dac7.platforms).toEqual([
      { platform: "Vinted", sales: 2, total: "1900.00", otherCurrencySales: 1, level: "near" },
    ]);
    // back in euros the answer is the same: the threshold never follows the books currency
    await setCurrency("EUR", lia);
    expect((await lia("GET", "/api/sales/dac7")).json()).toEqual(dac7);
  });

  it("counts the ranking's left-out sales of the sellers the viewer sees: a hidden one's only for an admin", async () => {
    const leftOut = async (as: typeof call) =>
      ((await as("GET", "/api/ranking/left-out")).json() as { otherCurrencySales: number })
        .otherCurrencySales;
    const admin = callAs(() => chefe);
    const [before, adminBefore] = [await leftOut(call), await leftOut(admin)];
    const zeca = await newUser("zeca");
    await setCurrency("GBP", zeca);
    await sell(zeca, "Ténis", "80", "eBay");
    expect(await leftOut(call)).toBe(before + 1);
    expect((await zeca("PUT", "/api/ranking/visibility", { hidden: true })).statusCode).toBe(200);
    expect(await leftOut(call)).toBe(before);
    expect(await leftOut(admin)).toBe(adminBefore + 1);
  });

  it("the sales CSV import reads the Moeda column, so an exported sale in US$ comes back in US$", async () => {
    const mia = await newUser("mia");
    await setCurrency("USD", mia);
    await sell(mia, "Gorro", "50", "Vinted", "2026-03-20");
    const exported = (await mia("GET", "/api/sales/export")).body;
    expect(exported).toContain(";USD;50,00;");
    // into an account whose books are in euros: the sale keeps its dollars
    const teo = await newUser("teo");
    const imported = (await teo("POST", "/api/sales/import", { content: exported })).json();
    expect(imported, JSON.stringify(imported)).toMatchObject({ imported: 1, counts: { invalid: 0 } });
    const [back] = (await teo("GET", "/api/sales")).json() as { currency: string; salePrice: string }[];
    expect(back).toMatchObject({ currency: "USD", salePrice: "50.00" });
    // the euro books add none of it
    expect((await teo("GET", "/api/status/statistics")).json().otherCurrencySales).toBe(1);
  });

  it("the sales CSV import takes a code in any case or a sign, refuses another currency by line, and keeps the books' one when empty", async () => {
    const bia = await newUser("bia");
    await setCurrency("GBP", bia);
    const content = [
      "Item;Preço de venda;Data da venda;Moeda",
      "Ienes;10;01/03/2026;JPY",
      "Dólares;11;01/03/2026;US$",
      "Euros;12;01/03/2026;€",
      "Libras;13;01/03/2026;gbp",
      "Sem moeda;14;01/03/2026;",
      "Inventada;15;01/03/2026;XYZ",
    ].join("\n");
    const preview = (await bia("POST", "/api/sales/import/preview", { content })).json();
    expect(preview.mapping).toMatchObject({ saleCurrency: "Moeda" });
    const rows = preview.rows as {
      line: number;
      outcome: string;
      values: { saleCurrency: string | null } | null;
      errors: { path: string; message: string }[];
    }[];
    const error = [{ path: "saleCurrency", message: "Moeda inválida (use EUR, USD, GBP)" }];
    expect(rows.find((r) => r.line === 2)).toMatchObject({ outcome: "invalid", errors: error });
    expect(rows.find((r) => r.line === 7)).toMatchObject({ outcome: "invalid", errors: error });
    expect(rows.filter((r) => r.outcome === "valid").map((r) => r.values?.saleCurrency)).toEqual([
      "USD",
      "EUR",
      "GBP",
      null,
    ]);
    const committed = (await bia("POST", "/api/sales/import", { content })).json();
    expect(committed).toMatchObject({ imported: 4 });
    const list = (await bia("GET", "/api/sales")).json() as { currency: string; item: { name: string } }[];
    expect(Object.fromEntries(list.map((s) => [s.item.name, s.currency]))).toEqual({
      Dólares: "USD",
      Euros: "EUR",
      Libras: "GBP",
      "Sem moeda": "GBP",
    });
  });

  describe("restoring a deleted item whose copy was taken before sales kept their currency", () => {
    /** sells a new item, deletes it, and takes `currency` out of its copy's sale as the old copies had none */
    const deleteAsBefore = async (as: typeof call, name: string) => {
      const sale = await sell(as, name, "70", "Vinted");
      const [{ id: itemId }] = (await as("GET", "/api/sales"))
        .json()
        .filter((s: { id: number }) => s.id === sale.id)
        .map((s: { item: { id: number } }) => s.item);
      expect((await as("DELETE", `/api/inventory/${itemId}`)).statusCode).toBe(200);
      await t.database.db.execute(
        sql`update deleted_items set sale = sale - 'currency' where item_id = ${itemId}`,
      );
      return { itemId, saleId: sale.id };
    };
    const currencyOf = async (saleId: number) =>
      (await t.database.db.select().from(sales).where(eq(sales.id, saleId)))[0]?.currency;

    it("comes back in the currency the owner's sales of that time were given", async () => {
      const gil = await newUser("gil");
      await setCurrency("GBP", gil);
      const older = await sell(gil, "Camisola", "20", "OLX");
      const { itemId, saleId } = await deleteAsBefore(gil, "Calças");
      // the books moved on to US$ since: the copy's sale was in £, as the sale recorded before it
      await setCurrency("USD", gil);
      expect((await gil("POST", `/api/inventory/${itemId}/restore`)).statusCode).toBe(200);
      expect(await currencyOf(saleId)).toBe("GBP");
      expect(await currencyOf(older.id)).toBe("GBP");
    });

    it("comes back in the owner's books currency of today when no sale of that time is left", async () => {
      const rita = await newUser("rita");
      const { itemId, saleId } = await deleteAsBefore(rita, "Vestido");
      await setCurrency("USD", rita);
      expect((await rita("POST", `/api/inventory/${itemId}/restore`)).statusCode).toBe(200);
      expect(await currencyOf(saleId)).toBe("USD");
    });
  });
});
