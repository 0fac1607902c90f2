import { describe, expect, it } from "vitest";
import { nextDue } from "./outcome-write.js";
import { EngineStats } from "./stats.js";

describe("schedule arithmetic", () => {
  it("next due = previous due + interval, so a late check does not shift the schedule", () => {
    const due = new Date("2026-05-01T10:00:00.000Z");
    const checkedLate = new Date("2026-05-01T10:00:00.300Z");
    expect(nextDue(due, 1000, checkedLate).toISOString()).toBe("2026-05-01T10:00:01.000Z");
  });

  it("when that is already past (far behind), the next check is due now rather than a burst of catch-ups", () => {
    const due = new Date("2026-05-01T10:00:00.000Z");
    const now = new Date("2026-05-01T10:00:05.000Z");
    expect(nextDue(due, 1000, now)).toEqual(now);
  });

  it("health figures: lag p99 and checks in the last minute", () => {
    const stats = new EngineStats();
    expect(stats.lagP99()).toBeNull();
    const now = Date.now();
    for (let i = 1; i <= 100; i++) stats.recordCheck(i, now);
    expect(stats.lagP99()).toBe(100);
    expect(stats.lagPercentile(0.5)).toBe(51);
    stats.recordCheck(5, now - 120_000);
    expect(stats.checksLastMinute(now)).toBe(100);
  });
});
