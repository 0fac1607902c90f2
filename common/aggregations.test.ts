import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_PLATFORM, profitByMonth, profitByPlatform, type SaleFigures } from "./aggregations.js";
import { addMoney } from "./money.js";

const sale = (
  saleDate: string,
  profit: string,
  platform: string | null = "Vinted",
  salePrice = "10.00",
): SaleFigures => ({
  saleDate,
  profit,
  platform,
  salePrice,
});

describe("profitByMonth", () => {
  const now = new Date("2026-11-22T10:00:00Z");

  it("gives the last 12 months oldest first, with empty months at 0", () => {
    const months = profitByMonth([], now);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ key: "2025-12", label: "dez/25", profit: "0.00", sales: 0 });
    expect(months[11]).toEqual({ key: "2026-11", label: "nov/26", profit: "0.00", sales: 0 });
  });

  it("takes each month's expenses off that month's profit, by the expense's own day", () => {
    const months = profitByMonth(
      [sale("2026-11-01T10:00:00Z", "10.10"), sale("2026-10-31T23:30:00Z", "5.00")],
      now,
      "Europe/Lisbon",
      12,
      [
        { spentOn: "2026-11-30", amount: "0.10" },
        { spentOn: "2026-11-01", amount: "0.20" },
        { spentOn: "2026-10-01", amount: "7.35" },
        { spentOn: "2025-11-30", amount: "100.00" },
        { spentOn: "2026-12-01", amount: "100.00" },
      ],
    );
    const byKey = Object.fromEntries(months.map((m) => [m.key, m]));
    expect(byKey["2026-11"]).toMatchObject({ profit: "9.80", sales: 1 });
    expect(byKey["2026-10"]).toMatchObject({ profit: "-2.35", sales: 1 });
    expect(byKey["2025-12"].profit).toBe("0.00");
  });

  it("sums each month exactly and leaves out older and future sales", () => {
    const months = profitByMonth(
      [
        sale("2026-11-01T10:00:00Z", "0.10"),
        sale("2026-11-20T10:00:00Z", "0.20"),
        sale("2026-03-05T10:00:00Z", "-4.50"),
        sale("2025-11-30T10:00:00Z", "100.00"),
        sale("2026-12-01T10:00:00Z", "100.00"),
        sale("not a date", "100.00"),
      ],
      now,
    );
    const byKey = Object.fromEntries(months.map((m) => [m.key, m]));
    expect(byKey["2026-11"]).toMatchObject({ profit: "0.30", sales: 2 });
    expect(byKey["2026-03"]).toMatchObject({ profit: "-4.50", sales: 1 });
    expect(months.reduce((s, m) => s + m.sales, 0)).toBe(3);
  });

  it("files a sale under its month on the user's calendar", () => {
    // 23:30 UTC on 31 July is already August in Lisbon (summer time, UTC+1) but still July in UTC
    const lisbon = profitByMonth([sale("2026-07-31T23:30:00Z", "5.00")], now, "Europe/Lisbon");
    const utc = profitByMonth([sale("2026-07-31T23:30:00Z", "5.00")], now, "UTC");
    expect(lisbon.find((m) => m.key === "2026-08")?.profit).toBe("5.00");
    expect(utc.find((m) => m.key === "2026-07")?.profit).toBe("5.00");
  });

  it("files a sale kept without a time under its own day's month, west of UTC too", () => {
    // 1 March at 00:00 UTC is still 28 February in New York, but the reseller recorded 1 March
    // with no time; a sale with a time keeps the user's calendar
    const months = profitByMonth(
      [sale("2026-03-01T00:00:00.000Z", "7.00"), sale("2026-03-01T00:30:00.000Z", "1.00")],
      now,
      "America/New_York",
    );
    expect(months.find((m) => m.key === "2026-03")).toMatchObject({ profit: "7.00", sales: 1 });
    expect(months.find((m) => m.key === "2026-02")).toMatchObject({ profit: "1.00", sales: 1 });
  });

  it("crosses the year boundary in January", () => {
    const months = profitByMonth([], new Date("2027-01-15T12:00:00Z"));
    expect(months.map((m) => m.key).slice(0, 2)).toEqual(["2026-02", "2026-03"]);
    expect(months[11].key).toBe("2027-01");
  });

  it("adds up to the sum of the sales in the window", () => {
    const inWindow = fc.record({
      day: fc.integer({ min: 0, max: 300 }),
      cents: fc.integer({ min: -100_000, max: 100_000 }),
    });
    fc.assert(
      fc.property(fc.array(inWindow, { maxLength: 30 }), (entries) => {
        const sales = entries.map(({ day, cents }) =>
          sale(new Date(now.getTime() - day * 86_400_000).toISOString(), (cents / 100).toFixed(2)),
        );
        const total = addMoney(...profitByMonth(sales, now).map((m) => m.profit));
        expect(total).toBe(addMoney(...sales.map((s) => s.profit)));
      }),
    );
  });
});

describe("profitByPlatform", () => {
  it("groups by platform ignoring case and spaces, best first, exact", () => {
    const result = profitByPlatform([
      sale("2026-01-01", "0.10", "Vinted", "1.00"),
      sale("2026-01-01", "0.20", " vinted ", "2.00"),
      sale("2026-01-01", "5.00", "OLX", "9.99"),
      sale("2026-01-01", "1.00", null),
      sale("2026-01-01", "1.00", "  "),
      sale("2026-01-01", "-3.00", "Wallapop"),
    ]);
    expect(result).toEqual([
      { platform: "OLX", profit: "5.00", revenue: "9.99", sales: 1 },
      { platform: NO_PLATFORM, profit: "2.00", revenue: "20.00", sales: 2 },
      { platform: "Vinted", profit: "0.30", revenue: "3.00", sales: 2 },
      { platform: "Wallapop", profit: "-3.00", revenue: "10.00", sales: 1 },
    ]);
  });

  it("is empty without sales", () => {
    expect(profitByPlatform([])).toEqual([]);
  });
});
