import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema.js";
import { logActivity } from "../src/services/activity.js";
import { saveUserSettings } from "../src/services/settings.js";
import { calendarDate } from "@common/aggregations.js";
import { growth, percentage } from "@common/money.js";
import { timeOnServer } from "../src/services/statistics.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

const DAY = 86_400_000;
const LISBON = "Europe/Lisbon";

describe("timeOnServer", () => {
  it.each([
    ["2026-01-15T10:00:00Z", "2026-01-15T20:00:00Z", 0, 0],
    ["2026-01-15T10:00:00Z", "2026-02-14T10:00:00Z", 0, 30],
    ["2026-01-15T10:00:00Z", "2026-02-15T10:00:00Z", 1, 0],
    ["2026-01-31T12:00:00Z", "2026-02-28T12:00:00Z", 1, 0],
    ["2026-01-31T12:00:00Z", "2026-03-01T12:00:00Z", 1, 1],
    ["2026-01-31T12:00:00Z", "2026-03-30T12:00:00Z", 1, 30],
    ["2026-01-31T12:00:00Z", "2026-03-31T12:00:00Z", 2, 0],
    ["2024-01-31T12:00:00Z", "2024-02-29T12:00:00Z", 1, 0],
    ["2024-01-31T12:00:00Z", "2024-02-28T12:00:00Z", 0, 28],
    ["2026-02-28T12:00:00Z", "2026-03-27T12:00:00Z", 0, 27],
    ["2026-02-28T12:00:00Z", "2026-03-28T12:00:00Z", 1, 0],
    ["2025-11-22T12:00:00Z", "2026-11-22T12:00:00Z", 12, 0],
    ["2023-12-31T12:00:00Z", "2026-11-30T12:00:00Z", 35, 0],
    ["2026-05-01T12:00:00Z", "2026-04-01T12:00:00Z", 0, 0],
  ])("%s → %s is %i months and %i days", (since, now, months, days) => {
    expect(timeOnServer(new Date(since), new Date(now), LISBON)).toEqual({ months, days });
  });

  it("counts days on the user's calendar", () => {
    // 23:30 UTC on 31 July is already 1 August in Lisbon (UTC+1) but still 31 July in New York
    expect(calendarDate(new Date("2026-07-31T23:30:00Z"), LISBON)).toEqual({ year: 2026, month: 8, day: 1 });
    expect(calendarDate(new Date("2026-07-31T23:30:00Z"), "America/New_York")).toEqual({
      year: 2026,
      month: 7,
      day: 31,
    });
    const since = new Date("2026-06-30T23:30:00Z");
    const now = new Date("2026-07-31T23:30:00Z");
    expect(timeOnServer(since, now, LISBON)).toEqual({ months: 1, days: 0 });
    expect(timeOnServer(since, now, "UTC")).toEqual({ months: 1, days: 1 });
  });
});

describe("percentages", () => {
  it.each([
    ["320.00", "70.00", "457.14"],
    ["1.00", "3.00", "33.33"],
    ["2.00", "3.00", "66.67"],
    ["-1.00", "3.00", "-33.33"],
    ["0.00", "5.00", "0.00"],
    ["5.00", "0.00", null],
  ])("%s ÷ %s × 100 = %s", (a, b, expected) => {
    expect(percentage(a, b)).toBe(expected);
  });

  it.each([
    ["50.00", "40.00", "25.00"],
    ["30.00", "40.00", "-25.00"],
    ["0.00", "40.00", "-100.00"],
    ["10.00", "-10.00", "200.00"],
    ["50.00", "0.00", null],
    ["0.00", "0.00", null],
  ])("growth from %s against %s is %s", (recent, previous, expected) => {
    expect(growth(recent, previous)).toBe(expected);
  });
});

describe.each(dbKinds())("GET /api/status/statistics (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let anaId: number;
  let ruiId: number;

  const get = async (cookie: string) => {
    const res = await t.app.inject({ method: "GET", url: "/api/status/statistics", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const post = async (cookie: string, url: string, payload: object) => {
    const res = await t.app.inject({ method: "POST", url, headers: { cookie }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  /** through the API, as the Settings screen does (a write straight to the database would reach the
   *  cached answer only a moment later; docs/decisions.md, "Answers kept in memory") */
  const setZone = async (cookie: string, timezone: string) => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie },
      payload: { user: { timezone } },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const sold = async (price: string, salePrice: string, saleDate: Date | string) => {
    const item = await post(ana, "/api/inventory", { name: `custa ${price}`, price });
    await post(ana, "/api/sales", {
      inventoryItemId: item.id,
      salePrice,
      platform: "Vinted",
      saleDate: new Date(saleDate).toISOString(),
    });
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    anaId = await t.createUser({ username: "ana" });
    ruiId = await t.createUser({ username: "rui" });
    ana = await t.login("ana");
  });
  afterAll(() => t.close());

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/status/statistics" })).statusCode).toBe(401);
  });

  it("is all zeros and nulls for a new user with no sales", async () => {
    expect(await get(ana)).toEqual({
      timeOnServer: { months: 0, days: 0 },
      totalExpenses: "0.00",
      expenses: "0.00",
      roi: null,
      averageMargin: null,
      otherCurrencySales: 0,
      salesPerformance: {
        recentSales: 0,
        profitGrowth: null,
        bestMonth: null,
        bestMonthProfit: null,
        totalSales: 0,
      },
      inventoryStatus: {
        totalItems: 0,
        inStock: 0,
        sold: 0,
        pending: 0,
        inTransit: 0,
        totalRevenue: "0.00",
        salesProfit: "0.00",
        totalProfit: "0.00",
      },
      activitySummary: { recent: [], totalActivities: 0 },
    });
  });

  it("computes every figure exactly from the user's own items and sales", async () => {
    const now = Date.now();
    // 23:30 UTC on 31 March 2024 is already April in Lisbon (summer time)
    await sold("10", "80", "2024-03-31T23:30:00Z"); // profit 70
    await sold("10", "70", "2024-04-10T12:00:00Z"); // profit 60 → April 2024: 130
    await sold("20", "120", "2025-03-15T12:00:00Z"); // profit 100
    await sold("10", "40", new Date(now - 5 * DAY)); // profit 30
    await sold("10", "30", new Date(now - 10 * DAY)); // profit 20 → last 30 days: 50
    await sold("10", "50", new Date(now - 40 * DAY)); // profit 40 → the 30 days before: 40
    await post(ana, "/api/inventory", { name: "em stock", price: "5", shippingPrice: "1,50" });
    await post(ana, "/api/inventory", { name: "pendente", price: "3", status: "pending" });
    await post(ana, "/api/inventory", { name: "a caminho", price: "2", status: "transit" });
    const createdAt = new Date("2024-01-31T12:00:00Z");
    await t.database.db.update(users).set({ createdAt }).where(eq(users.id, anaId));
    for (let i = 1; i <= 7; i++) {
      await logActivity(t.database.db, {
        userId: anaId,
        action: "stock_check",
        code: "legacy",
        params: {},
        message: `verificação ${i}`,
        type: i === 7 ? "success" : "info",
        productName: i === 7 ? "Boné Nude" : null,
      });
      await new Promise((r) => setTimeout(r, 5));
    }
    await logActivity(t.database.db, {
      userId: ruiId,
      action: "stock_check",
      code: "legacy",
      params: {},
      message: "do rui",
      type: "info",
    });

    const stats = await get(ana);
    expect(stats.timeOnServer).toEqual(timeOnServer(createdAt, new Date(), LISBON));
    expect(stats.timeOnServer.months).toBeGreaterThanOrEqual(33);
    expect(stats.totalExpenses).toBe("81.50"); // 70 sold + 6.50 + 3 + 2
    expect(stats.roi).toBe("457.14"); // 320 profit ÷ 70 cost
    // mean of 70/80, 60/70, 100/120, 30/40, 20/30, 40/50 = 79.702…%
    expect(stats.averageMargin).toBe("79.70");
    expect(stats.salesPerformance).toEqual({
      recentSales: 2,
      profitGrowth: "25.00",
      bestMonth: "04/2024",
      bestMonthProfit: "130.00",
      totalSales: 6,
    });
    expect(stats.inventoryStatus).toEqual({
      totalItems: 9,
      inStock: 1,
      sold: 6,
      pending: 1,
      inTransit: 1,
      totalRevenue: "390.00",
      salesProfit: "320.00",
      totalProfit: "320.00",
    });
    expect(stats.activitySummary.totalActivities).toBe(7);
    expect(stats.activitySummary.recent.map((a: { message: string }) => a.message)).toEqual([
      "verificação 7",
      "verificação 6",
      "verificação 5",
      "verificação 4",
      "verificação 3",
    ]);
    // each line names its product (null for one that never had one)
    expect(stats.activitySummary.recent[0]).toMatchObject({
      type: "success",
      action: "stock_check",
      productName: "Boné Nude",
    });
    expect(stats.activitySummary.recent[1].productName).toBeNull();
  });

  it("takes the best month on the user's own calendar", async () => {
    await setZone(ana, "UTC");
    const stats = await get(ana);
    // in UTC the 70 falls in March 2024, so March 2025 (100) wins
    expect(stats.salesPerformance.bestMonth).toBe("03/2025");
    expect(stats.salesPerformance.bestMonthProfit).toBe("100.00");
    await saveUserSettings(t.database.db, anaId, { timezone: LISBON });
  });

  it("files a sale kept without a time under its own day's month in a zone west of UTC", async () => {
    await t.createUser({ username: "eva" });
    const eva = await t.login("eva");
    await setZone(eva, "America/New_York");
    const sell = async (salePrice: string, saleDate: string) => {
      const item = await post(eva, "/api/inventory", { name: `vendido a ${salePrice}`, price: "10" });
      await post(eva, "/api/sales", { inventoryItemId: item.id, salePrice, platform: "OLX", saleDate });
    };
    // 1 March recorded without a time (00:00 UTC, still 28 February at 19:00 in New York) …
    await sell("100", "2026-03-01T00:00:00.000Z");
    // … and two timed sales that New York's clock puts in February
    await sell("50", "2026-02-10T12:00:00.000Z");
    await sell("50", "2026-03-01T00:30:00.000Z");
    const stats = await get(eva);
    expect(stats.salesPerformance.bestMonth).toBe("03/2026");
    expect(stats.salesPerformance.bestMonthProfit).toBe("90.00");
  });

  it("files a sale in the hour the clocks repeat at a month's start under the new month", async () => {
    const inesId = await t.createUser({ username: "ines" });
    const ines = await t.login("ines");
    // Havana's clocks go back from 01:00 to 00:00 on 1 November 2026: 00:00–01:00 happens twice
    // (not one the settings offer: saved directly, the month rule must hold in any zone)
    await saveUserSettings(t.database.db, inesId, { timezone: "America/Havana" });
    const sell = async (salePrice: string, saleDate: string) => {
      const item = await post(ines, "/api/inventory", { name: `vendido a ${salePrice}`, price: "10" });
      await post(ines, "/api/sales", { inventoryItemId: item.id, salePrice, platform: "OLX", saleDate });
    };
    // 00:30 of 1 November, the first time round (summer time, 04:30 UTC) …
    await sell("100", "2026-11-01T04:30:00.000Z");
    // … and 23:30 of 31 October, an hour before
    await sell("50", "2026-11-01T03:30:00.000Z");
    await sell("50", "2026-10-10T12:00:00.000Z");
    const stats = await get(ines);
    expect(stats.salesPerformance.bestMonth).toBe("11/2026");
    expect(stats.salesPerformance.bestMonthProfit).toBe("90.00");
  });

  it("shows another user nothing of it", async () => {
    const rui = await t.login("rui");
    const stats = await get(rui);
    expect(stats.inventoryStatus.totalItems).toBe(0);
    expect(stats.salesPerformance.totalSales).toBe(0);
    expect(stats.activitySummary.totalActivities).toBe(1);
    expect(stats.activitySummary.recent[0].message).toBe("do rui");
  });
});
