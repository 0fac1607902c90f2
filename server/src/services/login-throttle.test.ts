import { describe, expect, it } from "vitest";
import { createLoginThrottle } from "./login-throttle.js";

/** a clock the test moves and a sleep that records its waits and resolves when the test says */
function fakeTime() {
  let t = 1_000_000;
  const waits: { ms: number; done: () => void }[] = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    sleep: (ms: number) => new Promise<void>((done) => waits.push({ ms, done })),
    waits,
  };
}

async function fail(throttle: ReturnType<typeof createLoginThrottle>, user: string, ip: string) {
  const attempt = await throttle.begin(user, ip);
  expect(attempt.refused).toBe(false);
}

describe("login throttle (issue 13, item 2)", () => {
  it("refuses a (username, address) pair after 10 failures, but not the same username elsewhere", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(time.now, time.sleep);
    for (let i = 0; i < 10; i++) await fail(throttle, "ana", "203.0.113.1");
    expect((await throttle.begin("ana", "203.0.113.1")).refused).toBe(true);
    expect((await throttle.begin("ana", "198.51.100.7")).refused).toBe(false);
    time.advance(15 * 60 * 1000 + 1);
    expect((await throttle.begin("ana", "203.0.113.1")).refused).toBe(false);
  });

  it("past 50 failures on one username from all addresses, attempts wait their turn a second apart instead of being refused", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(time.now, time.sleep);
    // 50 failures spread over 10 addresses: no pair reaches its own limit of 10
    for (let n = 0; n < 50; n++) await fail(throttle, "admin", `203.0.113.${n % 10}`);
    expect(time.waits).toHaveLength(0);

    // the owner, from an address of their own, is slowed, never refused
    const owner = throttle.begin("admin", "192.0.2.44");
    const guesser = throttle.begin("admin", "203.0.113.99");
    await Promise.resolve();
    await new Promise((r) => setImmediate(r));
    expect(time.waits.map((w) => w.ms)).toEqual([1000]); // one at a time: the second is queued behind
    let ownerDone = false;
    owner.then(() => {
      ownerDone = true;
    });
    time.waits[0].done();
    const ownerAttempt = await owner;
    expect(ownerDone).toBe(true);
    expect(ownerAttempt.refused).toBe(false);
    await new Promise((r) => setImmediate(r));
    expect(time.waits).toHaveLength(2); // the guesser's turn starts only after the owner's
    time.waits[1].done();
    expect((await guesser).refused).toBe(false);

    // other usernames are not slowed
    await throttle.begin("ana", "203.0.113.1");
    expect(time.waits).toHaveLength(2);
  });

  it("a success takes its own count back, so the owner's good logins never add up to a slow-down", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(time.now, time.sleep);
    for (let n = 0; n < 49; n++) await fail(throttle, "rui", `203.0.113.${n % 10}`);
    for (let n = 0; n < 5; n++) {
      const attempt = await throttle.begin("rui", "192.0.2.1");
      if (!attempt.refused) attempt.succeeded();
    }
    expect(time.waits).toHaveLength(0);
  });
});
