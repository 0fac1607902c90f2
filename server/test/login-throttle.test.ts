import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client.js";
import { loginFailures } from "../src/db/schema.js";
import { createLoginThrottle } from "../src/services/login-throttle.js";
import { createTestDatabase, dbKinds } from "./harness.js";

/** a clock the test moves and a sleep that records its waits and resolves when the test says */
function fakeTime() {
  let t = Date.UTC(2026, 10, 23, 12);
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

type Throttle = ReturnType<typeof createLoginThrottle>;

async function fail(throttle: Throttle, user: string, ip: string) {
  const attempt = await throttle.begin(user, ip);
  expect(attempt.refused).toBe(false);
}

/** resolves once `n` waits have been asked for */
async function waitsAsked(time: ReturnType<typeof fakeTime>, n: number) {
  for (let i = 0; i < 200 && time.waits.length < n; i++) await new Promise((r) => setTimeout(r, 5));
}

describe.each(dbKinds())("login throttle (issue 13, item 2) (%s)", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it("refuses a (username, address) pair after 10 failures, but not the same username elsewhere", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    for (let i = 0; i < 10; i++) await fail(throttle, "ana", "203.0.113.1");
    expect((await throttle.begin("ana", "203.0.113.1")).refused).toBe(true);
    expect((await throttle.begin("ana", "198.51.100.7")).refused).toBe(false);
    time.advance(15 * 60 * 1000 + 1);
    expect((await throttle.begin("ana", "203.0.113.1")).refused).toBe(false);
  });

  it("past 50 failures on one username from all addresses, attempts wait their turn a second apart instead of being refused", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    // 50 failures spread over 10 addresses: no pair reaches its own limit of 10
    for (let n = 0; n < 50; n++) await fail(throttle, "admin", `203.0.113.${n % 10}`);
    expect(time.waits).toHaveLength(0);

    // the owner, from an address of their own, is slowed, never refused; the guesser's turn comes
    // a second after the owner's
    const owner = throttle.begin("admin", "192.0.2.44");
    await waitsAsked(time, 1);
    const guesser = throttle.begin("admin", "203.0.113.99");
    await waitsAsked(time, 2);
    expect(time.waits.map((w) => w.ms)).toEqual([1000, 2000]);
    for (const w of time.waits) w.done();
    expect((await owner).refused).toBe(false);
    expect((await guesser).refused).toBe(false);

    // once the queue has run, the next waits one second from now, not behind the old turns
    time.advance(5_000);
    const later = throttle.begin("admin", "203.0.113.98");
    await waitsAsked(time, 3);
    expect(time.waits[2].ms).toBe(1000);
    time.waits[2].done();
    await later;

    // other usernames are not slowed
    await throttle.begin("rita", "203.0.113.1");
    expect(time.waits).toHaveLength(3);
  });

  it("a success takes its address's failures back, so the owner's good logins never add up to a slow-down", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    for (let n = 0; n < 49; n++) await fail(throttle, "rui", `203.0.113.${n % 10}`);
    for (let n = 0; n < 5; n++) {
      const attempt = await throttle.begin("rui", "192.0.2.1");
      if (!attempt.refused) await attempt.succeeded();
    }
    expect(time.waits).toHaveLength(0);
  });

  it("two web processes on one database share the counts: 10 failures split between them lock the pair on both", async () => {
    const time = fakeTime();
    const first = createLoginThrottle(database.db, time.now, time.sleep);
    const second = createLoginThrottle(database.db, time.now, time.sleep);
    for (let i = 0; i < 5; i++) {
      await fail(first, "partilhado", "203.0.113.50");
      await fail(second, "partilhado", "203.0.113.50");
    }
    expect((await first.begin("partilhado", "203.0.113.50")).refused).toBe(true);
    expect((await second.begin("partilhado", "203.0.113.50")).refused).toBe(true);
  });

  it("failures older than the window are deleted, not kept forever", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    for (let i = 0; i < 3; i++) await fail(throttle, "esquecido", "203.0.113.70");
    const left = async () =>
      (await database.db.select().from(loginFailures)).filter((r) => r.usernameKey === "esquecido").length;
    expect(await left()).toBe(3);
    time.advance(16 * 60 * 1000);
    await throttle.begin("outra-pessoa", "203.0.113.71");
    expect(await left()).toBe(0);
  });

  it("parallel attempts on one pair: never more than 10 get through", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () => throttle.begin("corrida", "203.0.113.60")),
    );
    expect(attempts.filter((a) => !a.refused).length).toBeLessThanOrEqual(10);
  });

  it("issue 27: at most 10 attempts wait on a username, the next are refused at once; a known device skips the queue", async () => {
    const time = fakeTime();
    const throttle = createLoginThrottle(database.db, time.now, time.sleep);
    for (let n = 0; n < 50; n++) await fail(throttle, "cercado", `203.0.113.${n % 10}`);
    const queued = [];
    for (let n = 0; n < 10; n++) {
      queued.push(throttle.begin("cercado", `198.51.100.${n}`));
      await waitsAsked(time, n + 1);
    }
    expect(time.waits.map((w) => w.ms)).toEqual([
      1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000,
    ]);
    // the eleventh stranger is refused without waiting: the queue does not grow
    expect((await throttle.begin("cercado", "198.51.100.200")).refused).toBe(true);
    expect(time.waits).toHaveLength(10);
    // the owner's known device goes straight to the password check
    const owner = await throttle.begin("cercado", "192.0.2.80", { knownDevice: true });
    expect(owner.refused).toBe(false);
    expect(time.waits).toHaveLength(10);
    for (const w of time.waits) w.done();
    expect((await Promise.all(queued)).every((a) => !a.refused)).toBe(true);
  });
});
