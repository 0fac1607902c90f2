import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.js";
import { loopBusyDuring } from "../../test/loop-busy.js";
import { migratedTemplate } from "../../test/pglite-template.js";
import { CHANGE_CHANNEL } from "./change-feed.js";
import { PGliteThread } from "./pglite-thread.js";
import { users } from "./schema.js";
import { DatabaseUnavailableError } from "./unavailable.js";

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const HEAVY = sql`select count(*)::int as n from generate_series(1, 1500000)`;

describe("PGlite in a worker thread", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, pgliteTemplate: await migratedTemplate() });
  });
  afterAll(() => database.close());

  it("leaves the event loop free while a heavy statement runs", async () => {
    const { ms, busy } = await loopBusyDuring(() => database.db.execute(HEAVY));
    expect(ms).toBeGreaterThan(50);
    expect(busy).toBeLessThan(0.3);
  });

  it("blocks the event loop when PGlite runs in this thread (what the worker avoids)", async () => {
    const inThread = await openDatabase({
      dataDir: null,
      pgliteThread: false,
      pgliteTemplate: await migratedTemplate(),
    });
    try {
      const { ms, busy } = await loopBusyDuring(() => inThread.db.execute(HEAVY));
      expect(ms).toBeGreaterThan(50);
      expect(busy).toBeGreaterThan(0.8);
    } finally {
      await inThread.close();
    }
    // a database loaded from the template on the test's own thread: slow on a busy machine
  }, 90_000);

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
  }, 90_000);
});

// one on-disk database for both cases: creating one is most of their time
describe("PGlite thread past its statement deadline", () => {
  let dir: string;
  let thread: PGliteThread;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-stuck-"));
    thread = await PGliteThread.open(dir, [], { statementTimeoutMs: 1_000 });
  });
  afterAll(async () => {
    await thread.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("ends a thread stuck in one statement, fails what waited with a 503 error, and reopens the folder", async () => {
    await thread.exec("create table kept (n int); insert into kept values (1), (2)");
    let reopened = 0;
    thread.onReopen(() => reopened++);
    const heard: string[] = [];
    await thread.listen("kept_changed", (payload) => heard.push(payload));
    // a statement that would run for minutes, and one queued behind it
    const stuck = thread.query("select count(*) from generate_series(1, 2000000000)");
    const queued = thread.query("select 1");
    const stuckError = await stuck.catch((e: Error) => e);
    expect(stuckError).toBeInstanceOf(DatabaseUnavailableError);
    expect((stuckError as Error).message).toMatch(/não respondeu em 1000 ms/);
    expect(await queued.catch((e: Error) => e)).toBeInstanceOf(DatabaseUnavailableError);

    // reopened from its folder: the committed rows are there, listeners hear again
    const rows = await eventually(() => thread.query<{ n: number }>("select sum(n)::int as n from kept"));
    expect(rows.rows).toEqual([{ n: 3 }]);
    expect(reopened).toBe(1);
    await thread.exec("notify kept_changed, 'again'");
    expect(heard).toEqual(["again"]);
  });

  it("fails a transaction begun in the ended thread instead of running it in the new one", async () => {
    await thread.exec("create table t (n int)");
    const inTransaction = thread.transaction(async (tx) => {
      await tx.query("insert into t values (1)");
      await tx.query("select count(*) from generate_series(1, 2000000000)").catch(() => {});
      // the thread was replaced meanwhile: this must not land in another thread's transaction
      await tx.query("insert into t values (2)");
    });
    expect(await inTransaction.catch((e: Error) => e)).toBeInstanceOf(DatabaseUnavailableError);
    const rows = await eventually(() => thread.query<{ n: number }>("select count(*)::int as n from t"));
    expect(rows.rows).toEqual([{ n: 0 }]);
  });
});

describe("PGlite thread with a caller that stays away", () => {
  let dir: string;
  let thread: PGliteThread;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-idle-"));
    thread = await PGliteThread.open(dir, [], { statementTimeoutMs: 1_000, maxWaiting: 3 });
  });
  afterAll(async () => {
    await thread.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("rolls back a transaction left idle while others wait, so they go on and it fails with 503", async () => {
    await thread.exec("create table idle_t (n int)");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const inTransaction = thread.transaction(async (tx) => {
      await tx.query("insert into idle_t values (1)");
      inside();
      // the caller awaits something that never comes while the transaction holds the database
      await gate;
      await tx.query("insert into idle_t values (2)");
    });
    await begun;
    // without the rollback this waits forever behind the idle transaction
    const other = await thread.query<{ one: number }>("select 1 as one");
    expect(other.rows).toEqual([{ one: 1 }]);
    release();
    const error = await inTransaction.catch((e: Error) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toMatch(/parada mais de 1000 ms/);
    const rows = await thread.query<{ n: number }>("select count(*)::int as n from idle_t");
    expect(rows.rows).toEqual([{ n: 0 }]);
  });

  it("refuses statements past the waiting bound at once instead of queueing them", async () => {
    const calls = Array.from({ length: 6 }, () =>
      thread.query("select 1").then(
        () => "ok",
        (e: Error) => e,
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a === "ok")).toHaveLength(3);
    const refused = answers.filter((a) => a !== "ok");
    expect(refused).toHaveLength(3);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DatabaseUnavailableError);
      expect((error as Error).message).toMatch(/pedidos em espera/);
    }
  });
});

/** polls until the call stops failing (the thread reopens in a second or two) */
async function eventually<T>(fn: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
