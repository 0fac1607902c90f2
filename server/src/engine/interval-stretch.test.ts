import { describe, expect, it } from "vitest";
import { stretchFloors } from "./interval-stretch.js";

/** checks per minute the monitors ask for once stretched to their user's floor */
const perMinute = (intervals: Map<number, number[]>, floors: Map<number, number>) => {
  let perMs = 0;
  for (const [user, list] of intervals)
    for (const ms of list) perMs += 1 / Math.max(ms, floors.get(user) ?? 0);
  return perMs * 60_000;
};

describe("intervals stretched to a host's budget", () => {
  it("demand within the budget: nothing stretches", () => {
    expect(stretchFloors(600, new Map([[1, [1000, 2000]]])).size).toBe(0);
  });

  it("over the budget: the schedule asks for no more than it, each user's share first", () => {
    // user 1: 10 monitors at 1 s (600/min); user 2: one at 10 s (6/min); budget 120/min
    const intervals = new Map([
      [1, Array(10).fill(1000)],
      [2, [10_000]],
    ]);
    const floors = stretchFloors(120, intervals);
    expect(floors.has(2)).toBe(false); // asks for less than an equal share: keeps its interval
    expect(perMinute(intervals, floors)).toBeLessThanOrEqual(120 * 0.9 + 1e-6);
    expect(perMinute(intervals, floors)).toBeGreaterThan(120 * 0.85);
    // user 1's ten monitors share what is left: ~102/min, one every ~5.9 s each
    expect(floors.get(1)).toBeGreaterThanOrEqual(5800);
  });

  it("two heavy users get equal shares whatever their number of monitors", () => {
    const intervals = new Map([
      [1, Array(100).fill(5000)],
      [2, Array(10).fill(5000)],
    ]);
    const floors = stretchFloors(60, intervals);
    const share = (user: number) => (intervals.get(user)?.length ?? 0) / (floors.get(user) ?? 1);
    expect(share(1)).toBeCloseTo(share(2), 5);
  });

  it("within a user, the long intervals are kept and the short ones share one floor", () => {
    const intervals = new Map([[1, [1000, 1000, 600_000]]]);
    const floors = stretchFloors(6, intervals); // 5.4 checks a minute planned
    const floor = floors.get(1) ?? 0;
    expect(floor).toBeLessThan(600_000);
    expect(perMinute(intervals, floors)).toBeCloseTo(5.4, 1);
  });

  it("a page several users watch is charged to each in equal parts, and the pages' own demand decides", () => {
    // users 1 and 2 share 10 pages at 1 s (600 fetches a minute for both); budget 600 (540 planned)
    const shared = Array.from({ length: 10 }, () => ({ ms: 1000, share: 0.5 }));
    const watches = new Map([
      [1, shared],
      [2, shared],
    ]);
    const floors = stretchFloors(600, watches, 10 / 1000);
    // each is charged 300 a minute, one share of 270: both stretched alike to ~1.11 s
    expect(floors.get(1)).toBe(floors.get(2));
    expect((10 / (floors.get(1) ?? 0)) * 60_000).toBeCloseTo(540, 0);
    // the same monitors counted as pages of their own would have been stretched to twice that
    const alone = stretchFloors(
      600,
      new Map([
        [1, Array(10).fill(1000)],
        [2, Array(10).fill(1000)],
      ]),
    );
    expect(alone.get(1)).toBeGreaterThan((floors.get(1) ?? 0) * 1.9);
  });

  it("counted watches (as the engine reads them, grouped in SQL) stretch as the same watches one by one", () => {
    const oneByOne = new Map([
      [1, [...Array(30).fill({ ms: 1000, share: 0.5 }), ...Array(5).fill({ ms: 60_000, share: 1 })]],
      [2, [...Array(30).fill({ ms: 1000, share: 0.5 }), { ms: 2000, share: 1 }]],
      [3, [{ ms: 30_000, share: 1 }]],
    ]);
    const counted = new Map([
      [
        1,
        [
          { ms: 1000, share: 0.5, count: 30 },
          { ms: 60_000, share: 1, count: 5 },
        ],
      ],
      [
        2,
        [
          { ms: 1000, share: 0.5, count: 30 },
          { ms: 2000, share: 1 },
        ],
      ],
      [3, [{ ms: 30_000, share: 1, count: 1 }]],
    ]);
    const expected = stretchFloors(600, oneByOne, 31.5 / 1000);
    expect(expected.size).toBe(2);
    expect(stretchFloors(600, counted, 31.5 / 1000)).toEqual(expected);
  });

  it("pages within the budget are not stretched, however many users watch them", () => {
    const shared = Array.from({ length: 5 }, () => ({ ms: 1000, share: 0.1 }));
    const watches = new Map(Array.from({ length: 10 }, (_, u) => [u, shared] as const));
    // five pages at 1 s: 300 a minute, under 540
    expect(stretchFloors(600, watches, 5 / 1000).size).toBe(0);
  });
});
