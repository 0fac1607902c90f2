import { describe, expect, it } from "vitest";
import { lastDay, periodFromSearch, periodSearch } from "./period.js";

describe("the period in a URL", () => {
  it("writes nothing for all time and the days only for a custom range", () => {
    expect(periodSearch({ period: "all" })).toBe("");
    expect(periodSearch({ period: "last-month", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "period=last-month",
    );
    expect(periodSearch({ period: "custom", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "period=custom&from=2026-01-01&to=2026-01-31",
    );
  });

  it("reads back what it wrote, the Ranking's old values, and all time for anything the server refuses", () => {
    const custom = { period: "custom", from: "2026-10-15", to: "2026-11-29" } as const;
    expect(periodFromSearch(periodSearch(custom))).toEqual(custom);
    expect(periodFromSearch("?period=year").period).toBe("this-year");
    expect(periodFromSearch("period=month&q=x").period).toBe("this-month");
    expect(periodFromSearch("")).toEqual({ period: "all" });
    for (const bad of [
      "period=semana",
      "period=custom&from=2026-02-01&to=2026-01-31",
      "period=custom&from=2026-02-30&to=2026-03-01",
      "period=custom&from=2026-02-01",
    ]) {
      expect(periodFromSearch(bad), bad).toEqual({ period: "all" });
    }
  });

  it("the last day of a range whose end is the day after it", () => {
    expect(lastDay({ from: "2028-02-01", to: "2028-03-01" })).toBe("2028-02-29");
    expect(lastDay({ from: "2026-12-01", to: "2027-01-01" })).toBe("2026-12-31");
  });
});
