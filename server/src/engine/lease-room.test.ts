import { describe, expect, it } from "vitest";
import { leaseRoom } from "./lease-room.js";
import { EngineStats } from "./stats.js";

describe("how many targets a lease may take", () => {
  const idle = { cap: 10, queued: 0, inFlight: 0, overParked: 0, checksPerSecond: 0, leadMs: 100 };

  it("twice the cap while nothing is known of the pace, less what is queued, in flight or parked beyond a cap", () => {
    expect(leaseRoom(idle)).toBe(20);
    expect(leaseRoom({ ...idle, queued: 4, inFlight: 6, overParked: 3 })).toBe(7);
  });

  it("a fast process also takes what it finishes within the lead: one lease serves the lead", () => {
    // 300 checks a second, 100 ms lead: the 30 due in that time come in one lease with the cap's 20
    expect(leaseRoom({ ...idle, checksPerSecond: 300 })).toBe(50);
    // a long lead counts 250 ms of it at most (the lead's floor: one lease serves it at 1 s intervals)
    expect(leaseRoom({ ...idle, checksPerSecond: 300, leadMs: 5000 })).toBe(95);
    // no lead, nothing ahead: only what is due, as before
    expect(leaseRoom({ ...idle, checksPerSecond: 300, leadMs: 0 })).toBe(20);
  });
});

describe("checks per second, as the lease reads them", () => {
  it("counts the last whole second, and nothing once a second passes without a check", () => {
    const rate = new EngineStats();
    const t0 = 1_000_000;
    for (let i = 0; i < 250; i++) rate.recordCheck(0, t0 + i * 4); // 250 in [t0, t0 + 1 s)
    expect(rate.checksLastSecond(t0 + 999)).toBe(0); // the second under way is not whole yet
    expect(rate.checksLastSecond(t0 + 1500)).toBe(250);
    rate.recordCheck(0, t0 + 1600);
    expect(rate.checksLastSecond(t0 + 1700)).toBe(250);
    expect(rate.checksLastSecond(t0 + 2100)).toBe(1);
    expect(rate.checksLastSecond(t0 + 3100)).toBe(0);
    // a gap of seconds without checks: the count starts again from nothing
    rate.recordCheck(0, t0 + 5000);
    expect(rate.checksLastSecond(t0 + 6000)).toBe(1);
    rate.recordCheck(0, t0 + 9000);
    expect(rate.checksLastSecond(t0 + 9500)).toBe(0);
  });
});
