import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.js";
import { CHANGE_CHANNEL } from "./change-feed.js";
import { PGliteThread } from "./pglite-thread.js";
import { users } from "./schema.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const HEAVY = sql`select count(*)::int as n from generate_series(1, 1500000)`;

/** runs `work` while a 2 ms timer ticks; returns how long it took and the longest gap between ticks */
async function timerDuring(
  work: () => Promise<unknown>,
): Promise<{ ms: number; ticks: number; maxGap: number }> {
  let last = performance.now();
  let maxGap = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxGap = Math.max(maxGap, now - last);
    last = now;
    ticks++;
  }, 2);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  maxGap = Math.max(maxGap, performance.now() - last);
  return { ms, ticks, maxGap };
}

describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
  });
  afterAll(() => database.close());

  it("leaves the event loop free while a heavy statement runs", async () => {
    const { ms, ticks, maxGap } = await timerDuring(() => database.db.execute(HEAVY));
    expect(ms).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(5);
    expect(maxGap).toBeLessThan(ms / 2);
  });

  it("blocks the event loop when PGlite runs in this thread (what the worker avoids)", async () => {
    const inThread = await openDatabase({ dataDir: null, pgliteThread: false });
    try {
      const { ms, maxGap } = await timerDuring(() => inThread.db.execute(HEAVY));
      expect(maxGap).toBeGreaterThan(ms * 0.8);
    } finally {
      await inThread.close();
    }
  });

  it("keeps other statements out of an open transaction and rolls back on a throw", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ username: "tx-a", passwordHash: "x" });
      outside = database.db
        .execute(sql`select count(*)::int as n from users where username like 'tx-%'`)
        .then((r) => order.push(`outside saw ${rowsOf<{ n: number }>(r)[0].n}`));
      await new Promise((r) => setTimeout(r, 50));
      order.push("commit");
    });
    await outside;
    expect(order).toEqual(["commit", "outside saw 1"]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ username: "tx-b", passwordHash: "x" });
        throw new Error("desfazer");
      }),
    ).rejects.toThrow("desfazer");
    const left = await database.db.execute<{ username: string }>(
      sql`select username from users where username like 'tx-%'`,
    );
    expect(rowsOf(left)).toEqual([{ username: "tx-a" }]);
  });

  it("carries the database's error fields and the notifications before the answer", async () => {
    const error = await database.db
      .insert(users)
      .values({ username: "tx-a", passwordHash: "x" })
      .catch((e: { cause?: { code?: string; constraint?: string } }) => e);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("23505");
    const heard: string[] = [];
    const unlisten = await database.pglite!.listen(CHANGE_CHANNEL, (table) => heard.push(table));
    await database.db.insert(users).values({ username: "heard", passwordHash: "x" });
    expect(heard).toContain("users");
    await unlisten();
  });

  it("dumps its data directory and refuses statements once closed", async () => {
    const thread = await PGliteThread.open(null);
    const dump = await thread.dumpDataDir("gzip");
    expect(dump.size).toBeGreaterThan(1000);
    await thread.close();
    await expect(thread.query("select 1")).rejects.toThrow(/fechada/);
  });
});
