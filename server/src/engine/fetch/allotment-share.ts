import type { HostBudget } from "./host-budget.js";

/** one live process's row for a host (host_allotments) */
export interface AllotmentRow {
  workerId: string;
  /**
   * requests per second it asked for lately; SATURATED when requests were waiting for their turn
   * (what it asks is then bounded by what it was granted, not by what it needs)
   */
  demand: number;
  /** what it was granted at its last renewal, and may still be using */
  perMinute: number;
  atOnce: number;
}

export const SATURATED = 1e9;
/** a process that is not saturated is granted a little more than it asked, to grow into */
const HEADROOM = 1.25;

/**
 * What `self` is granted of a host's budget at its renewal. Targets are max-min fair: a process
 * that asks for less than an equal share gets what it asks (with some headroom), the rest is split
 * equally among the saturated ones; at once, each process that asks gets one while there are
 * enough, the rest go round the saturated ones. A process only learns its new grant when it renews,
 * so another's old grant is still in use until then: `self` gets its target only as far as the
 * budget minus what the others hold allows. The grants of all live processes therefore never add
 * up to more than the budget, and they reach their targets within a renewal or two.
 */
export function grantFor(
  budget: HostBudget,
  others: readonly AllotmentRow[],
  self: AllotmentRow,
): HostBudget {
  const all = [...others, self].sort((a, b) => a.workerId.localeCompare(b.workerId));
  const rateTarget = fairRates(budget.perMinute, all).get(self.workerId) ?? 0;
  const atOnceTarget = fairAtOnce(budget.atOnce, all).get(self.workerId) ?? 0;
  const heldRate = others.reduce((sum, r) => sum + r.perMinute, 0);
  const heldAtOnce = others.reduce((sum, r) => sum + r.atOnce, 0);
  return {
    perMinute: Math.max(0, Math.min(rateTarget, budget.perMinute - heldRate)),
    atOnce: Math.max(0, Math.min(atOnceTarget, budget.atOnce - heldAtOnce)),
  };
}

/** water-filling: the smallest demands are met first, each up to an equal share of what is left */
function fairRates(perMinute: number, rows: readonly AllotmentRow[]): Map<string, number> {
  const byDemand = [...rows].sort((a, b) => a.demand - b.demand || a.workerId.localeCompare(b.workerId));
  const out = new Map<string, number>();
  let left = perMinute;
  for (let i = 0; i < byDemand.length; i++) {
    const r = byDemand[i];
    const equal = left / (byDemand.length - i);
    const wants = r.demand >= SATURATED ? Number.POSITIVE_INFINITY : r.demand * 60 * HEADROOM;
    const share = Math.min(equal, wants);
    out.set(r.workerId, share);
    left -= share;
  }
  // what nobody asks for now is spread over all: a process alone keeps the whole budget
  if (left > 0) for (const r of rows) out.set(r.workerId, (out.get(r.workerId) ?? 0) + left / rows.length);
  return out;
}

function fairAtOnce(atOnce: number, rows: readonly AllotmentRow[]): Map<string, number> {
  const out = new Map(rows.map((r) => [r.workerId, 0]));
  let left = atOnce;
  for (const r of rows) {
    if (left > 0 && r.demand > 0) {
      out.set(r.workerId, 1);
      left--;
    }
  }
  const saturated = rows.filter((r) => r.demand >= SATURATED);
  const takers = saturated.length > 0 ? saturated : rows.filter((r) => r.demand > 0);
  for (let i = 0; left > 0 && takers.length > 0; i++, left--) {
    const id = takers[i % takers.length].workerId;
    out.set(id, (out.get(id) ?? 0) + 1);
  }
  return out;
}
