import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BEAT_MS, HostLimiter, type HostLimits } from "./host-limiter.js";

const T0 = Date.UTC(2026, 11, 4, 12, 0, 0) + 3;

/** tasks of `ms` each: when each started, and how many ran at once at most */
function slotTasks(ms: number) {
  const seen = { starts: [] as number[], peak: 0 };
  let running = 0;
  const task = async () => {
    seen.starts.push(Date.now());
    seen.peak = Math.max(seen.peak, ++running);
    await new Promise((r) => setTimeout(r, ms));
    running--;
  };
  return { seen, task };
}

describe("host limiter's beat", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  /** `count` requests to `host` queued now; answers the times they started */
  function queue(limiter: HostLimiter, host: string, limits: HostLimits, count: number): number[] {
    const starts: number[] = [];
    for (let i = 0; i < count; i++)
      void limiter.run(host, limits, async () => {
        starts.push(Date.now());
      });
    return starts;
  }

  it("starts the spaced requests of every host on one shared beat", async () => {
    const limiter = new HostLimiter();
    const a = queue(limiter, "a.example", { maxConcurrent: 4, minSpacingMs: 100 }, 6);
    await vi.advanceTimersByTimeAsync(27);
    const b = queue(limiter, "b.example", { maxConcurrent: 4, minSpacingMs: 200 }, 4);
    await vi.advanceTimersByTimeAsync(2_000);

    // each host's first request goes at once; the ones its spacing holds back, on a beat
    expect(a[0]).toBe(T0);
    expect(b[0]).toBe(T0 + 27);
    for (const t of [...a.slice(1), ...b.slice(1)]) expect(t % BEAT_MS).toBe(0);
    // so the process wakes once for both hosts where their turns meet
    const beats = new Set([...a.slice(1), ...b.slice(1)]);
    expect(beats.size).toBeLessThan(a.length - 1 + b.length - 1);
    // never closer than the spacing less one beat, and at the spacing's pace
    for (const [starts, spacing] of [
      [a, 100],
      [b, 200],
    ] as const) {
      const gaps = starts.slice(1).map((t, i) => t - starts[i]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacing - BEAT_MS);
      expect(starts.at(-1) ?? 0).toBeLessThanOrEqual(starts[0] + (starts.length - 1) * spacing + BEAT_MS);
    }
  });

  it("keeps an allotment's pace when its spacing is no whole number of beats", async () => {
    const limiter = new HostLimiter();
    const spacing = 60_000 / 470; // ~127.7 ms: each turn falls between two beats
    const starts = queue(limiter, "c.example", { maxConcurrent: 4, minSpacingMs: spacing }, 200);
    await vi.advanceTimersByTimeAsync(30_000);

    expect(starts).toHaveLength(200);
    // rounding each turn up to its beat would have lost up to a beat a request (~28 % here)
    const span = (starts.at(-1) ?? 0) - starts[0];
    expect(span).toBeGreaterThan(199 * spacing - BEAT_MS);
    expect(span).toBeLessThan(199 * spacing + BEAT_MS);
    // no 10 s window gets more than its share and one more
    for (const from of starts) {
      const inWindow = starts.filter((t) => t >= from && t < from + 10_000).length;
      expect(inWindow).toBeLessThanOrEqual(Math.floor(10_000 / spacing) + 1);
    }
  });

  it("gives a host allowed more than 600 a minute its exact spacing, off the beat", async () => {
    const limiter = new HostLimiter();
    const starts = queue(limiter, "d.example", { maxConcurrent: 4, minSpacingMs: 30 }, 5);
    await vi.advanceTimersByTimeAsync(1_000);

    expect(starts.map((t) => t - T0)).toEqual([0, 30, 60, 90, 120]);
  });

  it("keeps at most maxConcurrent requests in flight, each start still a spacing after the last", async () => {
    const limiter = new HostLimiter();
    const { seen, task } = slotTasks(30);
    const all = Array.from({ length: 6 }, () =>
      limiter.run("f.example", { maxConcurrent: 2, minSpacingMs: 20 }, task),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(all);

    expect(seen.peak).toBe(2);
    // the third waits for the first to end (30) and then for its turn (40), and so on
    expect(seen.starts.map((t) => t - T0)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it("starts a waiting request when a new allotment shortens the wait", async () => {
    const limiter = new HostLimiter();
    const starts = queue(limiter, "e.example", { maxConcurrent: 4, minSpacingMs: 10_000 }, 2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(starts).toHaveLength(1);

    limiter.refresh("e.example", { maxConcurrent: 4, minSpacingMs: 500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(starts.map((t) => t - T0)).toEqual([0, 1_000]);
  });
});

describe("host limiter on real timers", () => {
  it("keeps at most maxConcurrent requests in flight and spaces their starts", async () => {
    const limiter = new HostLimiter();
    const { seen, task } = slotTasks(30);
    await Promise.all(
      Array.from({ length: 6 }, () => limiter.run("h", { maxConcurrent: 2, minSpacingMs: 20 }, task)),
    );
    expect(seen.peak).toBe(2);
    // each start is stamped when its task runs, which a loaded machine may delay by some
    // milliseconds after the limiter let it go: the exact spacing is the fake clock's test above,
    // here only that real timers space the starts at all
    const gaps = seen.starts.slice(1).map((t, i) => t - seen.starts[i]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(10);
    expect((seen.starts.at(-1) ?? 0) - seen.starts[0]).toBeGreaterThanOrEqual(5 * 20 - 10);
  });
});
