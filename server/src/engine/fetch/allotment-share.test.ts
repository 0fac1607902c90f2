import { describe, expect, it } from "vitest";
import { type AllotmentRow, grantFor, SATURATED } from "./allotment-share.js";

const budget = { perMinute: 120, atOnce: 4 };
const row = (workerId: string, demand: number, perMinute = 0, atOnce = 0): AllotmentRow => ({
  workerId,
  demand,
  perMinute,
  atOnce,
});

/** every process renews in turn, as the table's lock orders them, `rounds` times */
function renewals(demands: Record<string, number>, rounds: number, start: Record<string, AllotmentRow> = {}) {
  const rows = new Map(Object.entries(start));
  const sums: { perMinute: number; atOnce: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const [id, demand] of Object.entries(demands)) {
      const others = [...rows.values()].filter((o) => o.workerId !== id);
      const grant = grantFor(budget, others, row(id, demand));
      rows.set(id, row(id, demand, grant.perMinute, grant.atOnce));
      const all = [...rows.values()];
      sums.push({
        perMinute: all.reduce((s, o) => s + o.perMinute, 0),
        atOnce: all.reduce((s, o) => s + o.atOnce, 0),
      });
    }
  }
  return { rows, sums };
}

describe("a process's allotment of a host's budget", () => {
  it("a process alone gets the whole budget", () => {
    expect(grantFor(budget, [], row("a", 5))).toEqual(budget);
  });

  it("two busy processes end with half each, and never hold more than the budget together", () => {
    const { rows, sums } = renewals({ a: SATURATED, b: SATURATED }, 4, { a: row("a", SATURATED, 120, 4) });
    for (const sum of sums) {
      expect(sum.perMinute).toBeLessThanOrEqual(budget.perMinute + 1e-9);
      expect(sum.atOnce).toBeLessThanOrEqual(budget.atOnce);
    }
    expect(rows.get("a")).toMatchObject({ perMinute: 60, atOnce: 2 });
    expect(rows.get("b")).toMatchObject({ perMinute: 60, atOnce: 2 });
  });

  it("a process that asks for little gets it (with headroom); the busy one gets the rest", () => {
    const { rows, sums } = renewals({ light: 0.4, busy: SATURATED }, 4);
    for (const sum of sums) expect(sum.perMinute).toBeLessThanOrEqual(budget.perMinute + 1e-9);
    expect(rows.get("light")?.perMinute).toBeCloseTo(0.4 * 60 * 1.25);
    expect(rows.get("busy")?.perMinute).toBeCloseTo(120 - 30);
    expect(rows.get("light")?.atOnce).toBe(1);
    expect(rows.get("busy")?.atOnce).toBe(3);
  });

  it("a newcomer gets only what the others do not hold until they renew", () => {
    const holder = row("a", SATURATED, 120, 4);
    expect(grantFor(budget, [holder], row("b", SATURATED))).toEqual({ perMinute: 0, atOnce: 0 });
    // a renews, seeing b's demand: it drops to its half at once
    const a = grantFor(budget, [row("b", SATURATED)], row("a", SATURATED));
    expect(a).toEqual({ perMinute: 60, atOnce: 2 });
    expect(grantFor(budget, [row("a", SATURATED, a.perMinute, a.atOnce)], row("b", SATURATED))).toEqual(a);
  });

  it("more processes than requests at once: the busiest get them, the sum still holds", () => {
    const { sums, rows } = renewals({ a: SATURATED, b: 3, c: 1, d: 1, e: 1, f: 0 }, 3);
    for (const sum of sums) expect(sum.atOnce).toBeLessThanOrEqual(budget.atOnce);
    expect(rows.get("a")?.atOnce).toBeGreaterThanOrEqual(1);
    expect(rows.get("f")?.atOnce).toBe(0);
  });
});
