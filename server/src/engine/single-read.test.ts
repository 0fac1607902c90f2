import { describe, expect, it } from "vitest";
import { SingleRead } from "./single-read.js";

/** a reading whose end the test decides: `starts` counts them, `finish` ends the oldest unfinished */
function controlledRead() {
  const ends: (() => void)[] = [];
  let starts = 0;
  return {
    read: () =>
      new Promise<void>((resolve) => {
        starts++;
        ends.push(resolve);
      }),
    started: () => starts,
    finish: async () => {
      ends.shift()?.();
      // the chained callbacks run on the microtask queue
      for (let i = 0; i < 10; i++) await Promise.resolve();
    },
  };
}

describe("SingleRead", () => {
  it("shares the reading under way with an unforced caller", async () => {
    const c = controlledRead();
    const reads = new SingleRead(c.read, 0);
    const first = reads.run(false);
    expect(reads.run(false)).toBe(first);
    expect(c.started()).toBe(1);
    await c.finish();
    await first;
    expect(c.started()).toBe(1);
  });

  it("a forced caller during a reading waits for one begun after it, shared with other forced callers", async () => {
    const c = controlledRead();
    const reads = new SingleRead(c.read, 0);
    let firstDone = false;
    let forcedDone = false;
    void reads.run(false).then(() => {
      firstDone = true;
    });
    // a budget saved now: the reading under way may have read the table before it
    const forced = reads.run(true).then(() => {
      forcedDone = true;
    });
    const alsoForced = reads.run(true);
    await c.finish();
    expect(firstDone).toBe(true);
    expect(forcedDone).toBe(false);
    // the second reading began after the first ended
    expect(c.started()).toBe(2);
    await c.finish();
    await Promise.all([forced, alsoForced]);
    expect(forcedDone).toBe(true);
    expect(c.started()).toBe(2);
  });

  it("a failed reading does not stop the one that follows it", async () => {
    let n = 0;
    const reads = new SingleRead(async () => {
      n++;
      await Promise.resolve();
      if (n === 1) throw new Error("base de dados indisponível");
    }, 0);
    const first = reads.run(false);
    const forced = reads.run(true);
    await expect(first).rejects.toThrow("base de dados indisponível");
    await expect(forced).resolves.toBeUndefined();
    expect(n).toBe(2);
  });

  it("reads again only once the last reading is older than its age, unless forced", async () => {
    const c = controlledRead();
    const reads = new SingleRead(c.read, 60_000);
    const first = reads.run(false);
    await c.finish();
    await first;
    // fresh: nothing is read, whether a reading runs or not
    await reads.run(false);
    expect(c.started()).toBe(1);
    // forced: read again at once
    const forced = reads.run(true);
    expect(c.started()).toBe(2);
    await c.finish();
    await forced;
  });
});
