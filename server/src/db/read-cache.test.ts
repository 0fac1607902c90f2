import { describe, expect, it } from "vitest";
import { ChangeFeed } from "./change-feed.js";
import { ReadCache } from "./read-cache.js";

/** a feed driven by the test: no database, changes announced by hand */
function manualFeed(live = true): ChangeFeed {
  const feed = new ChangeFeed(async (f) => {
    f.live = live;
    return async () => {};
  });
  return feed;
}

function counter() {
  let calls = 0;
  return {
    load: async () => ({ n: ++calls }),
    get calls() {
      return calls;
    },
  };
}

describe("ReadCache", () => {
  it("answers from memory until a table it was built from changes", async () => {
    const feed = manualFeed();
    await feed.start();
    const cache = new ReadCache<{ n: number }>(feed, { max: 10, refreshAfterMs: 60_000 });
    const c = counter();
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 1 });
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 1 });
    feed.changed("products"); // another table: still valid
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 1 });
    feed.changed("sales");
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 2 });
    feed.changedAll();
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 3 });
    expect(c.calls).toBe(3);
  });

  it("a hundred concurrent misses share one load", async () => {
    const feed = manualFeed();
    await feed.start();
    const cache = new ReadCache<{ n: number }>(feed, { max: 10, refreshAfterMs: 60_000 });
    let calls = 0;
    const slow = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 20));
      return { n: calls };
    };
    const answers = await Promise.all(Array.from({ length: 100 }, () => cache.get("k", ["sales"], slow)));
    expect(calls).toBe(1);
    expect(new Set(answers.map((a) => a.n))).toEqual(new Set([1]));
  });

  it("an answer loaded while its table changed is never served after the change", async () => {
    const feed = manualFeed();
    await feed.start();
    const cache = new ReadCache<{ n: number }>(feed, { max: 10, refreshAfterMs: 60_000 });
    let calls = 0;
    const loadDuringChange = async () => {
      calls++;
      if (calls === 1) feed.changed("sales"); // a commit lands while the first load reads
      return { n: calls };
    };
    expect(await cache.get("k", ["sales"], loadDuringChange)).toEqual({ n: 1 });
    expect(await cache.get("k", ["sales"], loadDuringChange)).toEqual({ n: 2 });
    expect(await cache.get("k", ["sales"], loadDuringChange)).toEqual({ n: 2 });
  });

  it("past refreshAfterMs answers the kept value once more and reloads behind it", async () => {
    const feed = manualFeed();
    await feed.start();
    const cache = new ReadCache<{ n: number }>(feed, { max: 10, refreshAfterMs: 10 });
    const c = counter();
    await cache.get("k", ["sales"], c.load);
    await new Promise((r) => setTimeout(r, 20));
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 1 });
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.get("k", ["sales"], c.load)).toEqual({ n: 2 });
  });

  it("while the feed is not listening, every read goes to the loader", async () => {
    const feed = manualFeed(false);
    await feed.start();
    const cache = new ReadCache<{ n: number }>(feed, { max: 10, refreshAfterMs: 60_000 });
    const c = counter();
    await cache.get("k", ["sales"], c.load);
    await cache.get("k", ["sales"], c.load);
    expect(c.calls).toBe(2);
  });

  it("keeps the total size under maxSize, dropping the least recently used", async () => {
    const feed = manualFeed();
    await feed.start();
    const cache = new ReadCache<{ s: string }>(feed, {
      max: 100,
      maxSize: 100,
      sizeOf: (v) => v.s.length,
      refreshAfterMs: 60_000,
    });
    let loads = 0;
    const big = async () => ({ s: "x".repeat(60), n: ++loads });
    await cache.get("a", ["sales"], big);
    await cache.get("b", ["sales"], big); // a goes: 120 > 100
    await cache.get("b", ["sales"], big);
    expect(loads).toBe(2);
    await cache.get("a", ["sales"], big);
    expect(loads).toBe(3);
  });
});
