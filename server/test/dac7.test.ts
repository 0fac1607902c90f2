import { dac7Level } from "@common/schemas/dac7.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sales } from "../src/db/schema.js";
import { createTestApp, dbKinds, type TestApp } from "./harness.js";

describe("dac7Level", () => {
  it("warns from 80 % of either threshold and is reached at 30 sales or more than 2 000 €", () => {
    expect(dac7Level(23, "1599.99")).toBe("ok");
    expect(dac7Level(24, "0.00")).toBe("near");
    expect(dac7Level(1, "1600.00")).toBe("near");
    expect(dac7Level(29, "2000.00")).toBe("near");
    expect(dac7Level(30, "0.00")).toBe("reached");
    expect(dac7Level(1, "2000.01")).toBe("reached");
  });
});

describe.each(dbKinds())("DAC7 counter per platform and year (%s)", (kind) => {
  let t: TestApp;
  let ana: string;
  let anaId: number;
  let rui: string;

  const call = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const sell = (platform: string | null, salePrice: string, at: string, userId = anaId) => ({
    userId,
    platform,
    salePrice,
    profit: "0.00",
    saleDate: new Date(at),
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    anaId = await t.createUser({ username: "ana" });
    const ruiId = await t.createUser({ username: "rui" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    await t.database.db.insert(sales).values([
      // the year's edges in Lisbon (UTC+0 in winter): the last second of 2025 and the first of 2026
      sell("Vinted", "1000.10", "2025-12-31T23:59:59Z"),
      sell("Vinted", "0.20", "2026-01-01T00:00:01Z"),
      // the same platform however it is written
      sell(" vinted ", "1599.80", "2026-06-30T12:00:00Z"),
      // a sale kept without a time is its own day's year wherever the user is
      sell("eBay", "10.00", "2026-01-01T00:00:00Z"),
      sell(null, "999.00", "2026-03-01T12:00:00Z"),
      ...Array.from({ length: 30 }, () => sell("Wallapop", "1.00", "2026-05-01T12:00:00Z")),
      sell("Vinted", "5000.00", "2026-02-01T12:00:00Z", ruiId),
    ]);
  });
  afterAll(() => t.close());

  it("counts each platform's sales and total in the user's year, with the thresholds' warnings", async () => {
    const res = await call(ana, "/api/sales/dac7?year=2026");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ year: 2026, salesThreshold: 30, amountThreshold: "2000.00" });
    expect(body.platforms).toEqual([
      // 1 600,00 €: 80 % of 2 000 €
      { platform: "Vinted", sales: 2, total: "1600.00", otherCurrencySales: 0, level: "near" },
      { platform: "Wallapop", sales: 30, total: "30.00", otherCurrencySales: 0, level: "reached" },
      { platform: "eBay", sales: 1, total: "10.00", otherCurrencySales: 0, level: "ok" },
    ]);
    expect(body.years).toEqual(expect.arrayContaining([2026, 2025]));

    const before = (await call(ana, "/api/sales/dac7?year=2025")).json();
    expect(before.platforms).toEqual([
      { platform: "Vinted", sales: 1, total: "1000.10", otherCurrencySales: 0, level: "ok" },
    ]);
  });

  it("takes the year on the user's calendar, and each user's own sales", async () => {
    const settings = await t.app.inject({
      method: "PUT",
      url: "/api/settings",
      headers: { cookie: ana },
      payload: { user: { timezone: "America/New_York" } },
    });
    expect(settings.statusCode).toBe(200);
    // 00:00:01 UTC on 1 Jan is still 2025 in New York; the day-only sale stays on 1 Jan 2026
    const ny = (await call(ana, "/api/sales/dac7?year=2026")).json();
    // without it, Vinted falls under 80 % and is named as first written that year
    expect(ny.platforms).toEqual([
      { platform: "vinted", sales: 1, total: "1599.80", otherCurrencySales: 0, level: "ok" },
      { platform: "Wallapop", sales: 30, total: "30.00", otherCurrencySales: 0, level: "reached" },
      { platform: "eBay", sales: 1, total: "10.00", otherCurrencySales: 0, level: "ok" },
    ]);
    const rows = (await call(rui, "/api/sales/dac7?year=2026")).json().platforms;
    expect(rows).toEqual([
      { platform: "Vinted", sales: 1, total: "5000.00", otherCurrencySales: 0, level: "reached" },
    ]);
    expect((await call(ana, "/api/sales/dac7?year=abc")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/sales/dac7" })).statusCode).toBe(401);
  });
});
