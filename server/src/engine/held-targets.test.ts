import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HeldTargets } from "./held-targets.js";
import type { LeasedTarget, SettledWrite } from "./store.js";

const target = (id: number) => ({ id, dueAt: new Date(0) }) as LeasedTarget;
const write = (id: number, next: number): SettledWrite => ({
  id,
  started: next - 1000,
  at: next - 990,
  shortest: 1000,
  key: "k",
  next,
});

/** held targets with a 250 ms lead, and the ids of each round they give back */
function heldWithRounds() {
  const rounds: number[][] = [];
  const held = new HeldTargets(
    () => 250,
    (due) => rounds.push(due.map((t) => t.id)),
  );
  return { held, rounds };
}

describe("held targets", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it("gives back every target due within the lead together, once per lead at most", () => {
    const { held, rounds } = heldWithRounds();
    const now = Date.now();
    // three due within 250 ms of each other, one later
    held.keep(target(1), write(1, now + 1000));
    held.keep(target(2), write(2, now + 1100));
    held.keep(target(3), write(3, now + 1240));
    held.keep(target(4), write(4, now + 1600));
    // the first comes a lead before its due time, with those due by then
    vi.advanceTimersByTime(749);
    expect(rounds).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rounds).toEqual([[1]]);
    // then one round per lead at most, each with every target due within the next lead
    vi.advanceTimersByTime(249);
    expect(rounds).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(rounds).toEqual([[1], [2, 3]]);
    // the last, due at +1600, comes a lead before its due time, that being a lead after the last round
    vi.advanceTimersByTime(349);
    expect(rounds).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(rounds).toEqual([[1], [2, 3], [4]]);
    expect(held.size).toBe(0);
  });

  it("keeps each target's last unwritten check until it is taken, and gives them all at the end", () => {
    const held = new HeldTargets(
      () => 250,
      () => {},
    );
    const now = Date.now();
    const a = target(1);
    held.keep(a, write(1, now + 1000));
    expect(a.dueAt.getTime()).toBe(now + 1000);
    held.keep(target(1), write(1, now + 2000));
    held.keep(target(2), write(2, now + 1000));
    expect(held.take(1)?.next).toBe(now + 2000);
    expect(held.take(1)).toBeUndefined();
    expect(held.endAll().map((w) => w.id)).toEqual([2]);
    // ended: nothing comes due any more
    const rounds: unknown[] = [];
    vi.advanceTimersByTime(5000);
    expect(rounds).toEqual([]);
  });
  it("holds a renewing target on only once its write kept the lease, its new lease counted from the check's end", () => {
    const { held, rounds } = heldWithRounds();
    const now = Date.now();
    const kept = target(1);
    const handedBack = target(2);
    held.renew(kept, write(1, now + 1000));
    held.renew(handedBack, write(2, now + 1000));
    // nothing comes due while the write is under way
    vi.advanceTimersByTime(900);
    expect(rounds).toEqual([]);
    expect(held.size).toBe(2);
    held.renewed([1, 2], new Set([1]));
    expect(kept.leasedAt).toBe(now + 10);
    vi.advanceTimersByTime(0);
    expect(rounds).toEqual([[1]]);
    expect(held.size).toBe(0);
    // a write answered after the engine stopped holds nothing on
    held.renew(target(3), write(3, Date.now() + 1000));
    held.endAll();
    held.renewed([3], new Set([3]));
    vi.advanceTimersByTime(5000);
    expect(rounds).toEqual([[1]]);
  });
});
