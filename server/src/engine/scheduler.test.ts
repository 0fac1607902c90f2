import { describe, expect, it } from "vitest";
import { LATE_START_MS, nextDue, nextDueMs } from "./outcome-write.js";
import { EngineStats } from "./stats.js";

describe("schedule arithmetic", () => {
  it("next due = previous due + interval when the check started on time (up to 250 ms late), so schedules do not drift", () => {
    const due = new Date("2026-05-01T10:00:00.000Z");
    const startedOnTime = new Date("2026-05-01T10:00:00.200Z");
    const ended = new Date("2026-05-01T10:00:00.400Z");
    expect(nextDue(due, 10_000, startedOnTime, ended).toISOString()).toBe("2026-05-01T10:00:10.000Z");
    // a 1-s interval tolerates a quarter of it
    expect(nextDue(due, 1000, startedOnTime, ended).toISOString()).toBe("2026-05-01T10:00:01.000Z");
  });

  it("a check that started late counts its interval from its start, so the lag is not carried into the next round", () => {
    const due = new Date("2026-05-01T10:00:00.000Z");
    const startedLate = new Date("2026-05-01T10:00:02.000Z");
    const ended = new Date("2026-05-01T10:00:02.150Z");
    expect(nextDue(due, 10_000, startedLate, ended).toISOString()).toBe("2026-05-01T10:00:12.000Z");
  });

  it("when that is already past, the next check is due when this one ended rather than a burst of catch-ups", () => {
    const due = new Date("2026-05-01T10:00:00.000Z");
    const started = new Date("2026-05-01T10:00:00.100Z");
    const ended = new Date("2026-05-01T10:00:05.000Z");
    expect(nextDue(due, 1000, started, ended)).toEqual(ended);
  });

  it("a backlog spreads out: 1 000 products due at once, worked off at 200 a second, are no longer due together", () => {
    // each round: products due at the same moment start one after another at the engine's pace
    const rounds = (rule: (due: number, started: number) => number) => {
      let due = Array.from({ length: 1000 }, () => 0);
      let worst = 0;
      for (let round = 0; round < 3; round++) {
        let clock = 0;
        const next: number[] = [];
        for (const d of [...due].sort((a, b) => a - b)) {
          clock = Math.max(clock, d) + 5; // 200 checks a second
          worst = round === 2 ? Math.max(worst, clock - d) : worst;
          next.push(rule(d, clock));
        }
        due = next;
      }
      return worst;
    };
    const keptPhase = rounds((d, started) => Math.max(d + 10_000, started));
    const fromStart = rounds((d, started) => nextDueMs(d, 10_000, started, started));
    // kept phase: the third round is as late as the first (1 000 checks at 200 a second)
    expect(keptPhase).toBeGreaterThan(4_900);
    // at most the lateness still counted as on time
    expect(fromStart).toBeLessThanOrEqual(LATE_START_MS);
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
