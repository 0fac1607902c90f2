import { type Period, periodWindow } from "@common/schemas/period.js";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inventoryItems } from "../src/db/schema.js";
import { createTestApp, csvCells, dbKinds, type TestApp } from "./harness.js";

/**
 * The books' period (?period=&from=&to=) on Status, Vendas, Inventário and Ranking: the days are the
 * user's, so a sale near midnight UTC is in one month in Lisbon and in another in New York.
 */
describe.each(dbKinds())("the books' period (%s)", (kind) => {
  let t: TestApp;
  let ana: string;

  const call = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: ana }, payload });
  const get = async (url: string) => {
    const res = await call("GET", url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const zone = async (timezone: string) =>
    expect((await call("PUT", "/api/settings", { user: { timezone } })).statusCode).toBe(200);
  const names = (list: { item: { name: string } | null }[]) => list.map((s) => s.item?.name).sort();
  const itemNames = (list: { name: string }[]) => list.map((i) => i.name).sort();

  const JANUARY = "?period=custom&from=2026-01-01&to=2026-01-31";

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "ana" });
    ana = await t.login("ana");
    // name, purchase day, sale price, sale instant (each item costs 10)
    const sold: [string, string, string, string][] = [
      // 31 Jan 23:30 in Lisbon (winter: UTC), 18:30 in New York
      ["fim de janeiro", "2026-01-10", "50", "2026-01-31T23:30:00.000Z"],
      // 1 Feb 03:00 in Lisbon, still 31 Jan (22:00) in New York
      ["madrugada de fevereiro", "2026-02-01", "30", "2026-02-01T03:00:00.000Z"],
      // New Year in Lisbon, New Year's Eve 2025 in New York
      ["ano novo", "2026-01-10", "25", "2026-01-01T02:00:00.000Z"],
      // a day without a time: 31 Jan everywhere
      ["só o dia", "2026-01-10", "20", "2026-01-31"],
      // 1 Jul 00:30 in Lisbon (summer: UTC+1), still 30 Jun in UTC
      ["verão", "2026-01-10", "60", "2026-06-30T23:30:00.000Z"],
    ];
    for (const [name, purchaseDate, salePrice, saleDate] of sold) {
      const item = await call("POST", "/api/inventory", { name, price: "10", purchaseDate });
      expect(item.statusCode, item.body).toBe(201);
      const sale = await call("POST", "/api/sales", {
        inventoryItemId: item.json().id,
        salePrice,
        saleDate,
        platform: "Vinted",
      });
      expect(sale.statusCode, sale.body).toBe(201);
    }
    // no purchase day: registered at 1 Feb 03:00 UTC (Lisbon 1 Feb, New York 31 Jan)
    const kept = await call("POST", "/api/inventory", { name: "sem dia de compra", price: "4" });
    await t.database.db
      .update(inventoryItems)
      .set({ createdAt: new Date("2026-02-01T03:00:00.000Z") })
      .where(eq(inventoryItems.id, kept.json().id));
    for (const [spentOn, amount] of [
      ["2026-01-31", "5"],
      ["2026-02-01", "7"],
    ]) {
      const res = await call("POST", "/api/expenses", { spentOn, category: "packaging", amount });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  it("puts a sale near midnight in the month of the user's zone (Lisbon vs New York)", async () => {
    await zone("Europe/Lisbon");
    expect(names(await get(`/api/sales${JANUARY}`))).toEqual(["ano novo", "fim de janeiro", "só o dia"]);
    expect(names(await get("/api/sales?period=custom&from=2026-02-01&to=2026-02-28"))).toEqual([
      "madrugada de fevereiro",
    ]);
    await zone("America/New_York");
    expect(names(await get(`/api/sales${JANUARY}`))).toEqual([
      "fim de janeiro",
      "madrugada de fevereiro",
      "só o dia",
    ]);
    // the year's edge: New Year at 02:00 UTC is still 2025 in New York
    expect(names(await get("/api/sales?period=custom&from=2025-01-01&to=2025-12-31"))).toEqual(["ano novo"]);
    await zone("Europe/Lisbon");
    expect(await get("/api/sales?period=custom&from=2025-01-01&to=2025-12-31")).toEqual([]);
  });

  it("puts a sale at 23:30 UTC on 30 June in July in Lisbon's summer, in June in UTC", async () => {
    const july = "/api/sales?period=custom&from=2026-07-01&to=2026-07-31";
    const june = "/api/sales?period=custom&from=2026-06-01&to=2026-06-30";
    await zone("Europe/Lisbon");
    expect(names(await get(july))).toEqual(["verão"]);
    expect(await get(june)).toEqual([]);
    await zone("UTC");
    expect(await get(july)).toEqual([]);
    expect(names(await get(june))).toEqual(["verão"]);
    await zone("Europe/Lisbon");
  });

  it("a one-day custom range holds that day; all time holds every sale", async () => {
    await zone("Europe/Lisbon");
    expect(names(await get("/api/sales?period=custom&from=2026-01-31&to=2026-01-31"))).toEqual([
      "fim de janeiro",
      "só o dia",
    ]);
    expect(await get("/api/sales?period=all")).toHaveLength(5);
    expect(await get("/api/sales")).toHaveLength(5);
  });

  it("lists the items bought in the period: the purchase day, else the day registered in the user's zone", async () => {
    await zone("Europe/Lisbon");
    expect(itemNames(await get(`/api/inventory${JANUARY}`))).toEqual([
      "ano novo",
      "fim de janeiro",
      "só o dia",
      "verão",
    ]);
    await zone("America/New_York");
    expect(itemNames(await get(`/api/inventory${JANUARY}`))).toContain("sem dia de compra");
    expect(await get(`/api/inventory/statistics${JANUARY}`)).toEqual({
      totalItems: 5,
      inStock: 1,
      sold: 4,
      // the sales of January in New York: 50 + 30 + 20
      totalRevenue: "100.00",
      totalProfit: "70.00",
    });
    await zone("Europe/Lisbon");
    expect(await get("/api/inventory")).toHaveLength(6);
  });

  it("Status: every figure follows the period, the expenses by their day", async () => {
    await zone("Europe/Lisbon");
    const all = await get("/api/status/statistics");
    expect(all.inventoryStatus).toMatchObject({
      totalItems: 6,
      totalRevenue: "185.00",
      totalProfit: "123.00",
    });
    const january = await get(`/api/status/statistics${JANUARY}`);
    expect(january).toMatchObject({
      // the four items bought in January and the expense of the 31st
      totalExpenses: "45.00",
      expenses: "5.00",
      // (65 − 5) ÷ (3 items sold × 10 + 5)
      roi: "171.43",
      salesPerformance: { totalSales: 3, recentSales: 3, bestMonth: "01/2026", bestMonthProfit: "60.00" },
      inventoryStatus: {
        totalItems: 4,
        sold: 4,
        inStock: 0,
        totalRevenue: "95.00",
        salesProfit: "65.00",
        totalProfit: "60.00",
      },
    });
    // February (28 days) against the 28 days before it, 4–31 January: (20 − 7) against (40 + 10 − 5)
    const february = await get("/api/status/statistics?period=custom&from=2026-02-01&to=2026-02-28");
    expect(february.salesPerformance).toMatchObject({
      totalSales: 1,
      recentSales: 1,
      profitGrowth: "-71.11",
    });
    expect(february.inventoryStatus).toMatchObject({ totalItems: 2, inStock: 1, totalProfit: "13.00" });
    // a period without sales has no ROI, margin or best month
    const empty = await get("/api/status/statistics?period=custom&from=2024-03-01&to=2024-03-31");
    expect(empty).toMatchObject({
      roi: null,
      averageMargin: null,
      salesPerformance: { totalSales: 0, bestMonth: null, profitGrowth: null },
      inventoryStatus: { totalItems: 0, totalRevenue: "0.00" },
    });
  });

  it("the presets follow today's calendar in the user's zone", async () => {
    await zone("Europe/Lisbon");
    const today = await call("POST", "/api/inventory", { name: "hoje", price: "1" });
    const sale = await call("POST", "/api/sales", {
      inventoryItemId: today.json().id,
      salePrice: "3",
      platform: "OLX",
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const window = (period: Period["period"]) => periodWindow({ period }, "Europe/Lisbon");
    const lastMonth = window("last-month");
    // a day-only sale on the first day of last month
    const old = await call("POST", "/api/inventory", { name: "mês passado", price: "1" });
    await call("POST", "/api/sales", {
      inventoryItemId: old.json().id,
      salePrice: "2",
      platform: "OLX",
      saleDate: lastMonth?.from,
    });
    expect(names(await get("/api/sales?period=this-month"))).toEqual(["hoje"]);
    expect(names(await get("/api/sales?period=last-month"))).toEqual(["mês passado"]);
    const thisYear = names(await get("/api/sales?period=this-year"));
    expect(thisYear).toContain("hoje");
    expect(thisYear.includes("mês passado")).toBe(
      lastMonth?.from.slice(0, 4) === window("this-year")?.from.slice(0, 4),
    );
    const status = await get("/api/status/statistics?period=this-month");
    expect(status.salesPerformance.totalSales).toBe(1);
    expect(status.inventoryStatus.totalRevenue).toBe("3.00");
  });

  it("the ranking takes the same period, and its old values still read as this month and year", async () => {
    await zone("Europe/Lisbon");
    const [me] = await get(`/api/ranking${JANUARY}`);
    expect(me).toMatchObject({ totalRevenue: "95.00", totalProfit: "60.00", soldItems: 3 });
    expect(await get("/api/ranking?period=month")).toEqual(await get("/api/ranking?period=this-month"));
    expect(await get("/api/ranking?period=year")).toEqual(await get("/api/ranking?period=this-year"));
  });

  it("the sales' and inventory's CSV files hold the period the list shows", async () => {
    await zone("Europe/Lisbon");
    const res = await call("GET", `/api/sales/export${JANUARY}`);
    expect(res.statusCode).toBe(200);
    // a header and the three January sales
    expect(csvCells(res.body)).toHaveLength(4);
    const items = await call("GET", `/api/inventory/export${JANUARY}&search=`);
    expect(items.statusCode).toBe(200);
    expect(csvCells(items.body)).toHaveLength(5);
  });

  it("refuses a bad period with a 400 in Portuguese on every screen's route", async () => {
    const cases: [string, string][] = [
      ["?period=semana", "Período inválido"],
      ["?period=custom&to=2026-01-31", "Indique o primeiro dia do período"],
      ["?period=custom&from=2026-01-01", "Indique o último dia do período"],
      [
        "?period=custom&from=2026-02-01&to=2026-01-31",
        "O primeiro dia do período não pode ser depois do último",
      ],
      ["?period=custom&from=2026-02-30&to=2026-03-01", "Data inválida (esse dia não existe)"],
      ["?period=custom&from=01/02/2026&to=2026-03-01", "Data inválida (use aaaa-mm-dd)"],
      ["?period=custom&from=1800-01-01&to=2026-03-01", "Data inválida (anos 1900–2100)"],
    ];
    const routes = [
      "/api/status/statistics",
      "/api/sales",
      "/api/sales/export",
      "/api/inventory",
      "/api/inventory/statistics",
      "/api/inventory/export",
      "/api/ranking",
    ];
    for (const route of routes) {
      for (const [query, message] of cases) {
        const res = await call("GET", `${route}${query}`);
        expect(res.statusCode, `${route}${query}: ${res.body}`).toBe(400);
        expect(res.json().message, `${route}${query}`).toBe(message);
      }
    }
  });
});

describe("periodWindow", () => {
  const at = (iso: string) => new Date(iso);

  it("this month and last month at the year's edge, on the zone's calendar", () => {
    // 31 Dec 2026 23:30 in New York is already 1 Jan 2027 in Lisbon
    const now = at("2027-01-01T04:30:00Z");
    expect(periodWindow({ period: "this-month" }, "America/New_York", now)).toMatchObject({
      from: "2026-12-01",
      to: "2027-01-01",
      start: at("2026-12-01T05:00:00Z"),
      end: at("2027-01-01T05:00:00Z"),
    });
    expect(periodWindow({ period: "this-month" }, "Europe/Lisbon", now)).toMatchObject({
      from: "2027-01-01",
      to: "2027-02-01",
    });
    expect(periodWindow({ period: "last-month" }, "Europe/Lisbon", now)).toMatchObject({
      from: "2026-12-01",
      to: "2027-01-01",
      comparison: { previous: { from: "2026-11-01", to: "2026-12-01" } },
    });
    expect(periodWindow({ period: "last-year" }, "America/New_York", now)).toMatchObject({
      from: "2025-01-01",
      to: "2026-01-01",
      comparison: { previous: { from: "2024-01-01", to: "2025-01-01" } },
    });
    expect(periodWindow({ period: "this-year" }, "Europe/Lisbon", now)).toMatchObject({
      from: "2027-01-01",
      to: "2028-01-01",
      start: at("2027-01-01T00:00:00Z"),
    });
    expect(periodWindow({ period: "all" }, "UTC", now)).toBeNull();
  });

  it("summer time moves the instants, not the days", () => {
    const july = periodWindow({ period: "custom", from: "2026-07-01", to: "2026-07-31" }, "Europe/Lisbon");
    expect(july).toMatchObject({
      from: "2026-07-01",
      to: "2026-08-01",
      start: at("2026-06-30T23:00:00Z"),
      end: at("2026-07-31T23:00:00Z"),
    });
  });

  it("growth compares a running month or year with the same stretch before it", () => {
    const now = at("2026-03-31T12:00:00Z");
    // 1–31 March against the whole of February
    expect(periodWindow({ period: "this-month" }, "Europe/Lisbon", now)?.comparison).toMatchObject({
      current: { from: "2026-03-01", to: "2026-04-01" },
      previous: { from: "2026-02-01", to: "2026-03-01" },
    });
    const mid = at("2026-11-15T12:00:00Z");
    expect(periodWindow({ period: "this-month" }, "Europe/Lisbon", mid)?.comparison).toMatchObject({
      current: { from: "2026-11-01", to: "2026-11-16" },
      previous: { from: "2026-10-01", to: "2026-10-16" },
    });
    // 29 Feb 2028: last year up to the end of February
    const leap = at("2028-02-29T12:00:00Z");
    expect(periodWindow({ period: "this-year" }, "UTC", leap)?.comparison).toMatchObject({
      current: { from: "2028-01-01", to: "2028-03-01" },
      previous: { from: "2027-01-01", to: "2027-03-01" },
    });
    // a custom range against as many days right before it
    expect(
      periodWindow({ period: "custom", from: "2026-02-01", to: "2026-02-28" }, "UTC")?.comparison.previous,
    ).toMatchObject({ from: "2026-01-04", to: "2026-02-01" });
  });
});
