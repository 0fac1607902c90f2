import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { products } from "../src/db/schema.js";
import { adoptUntargeted, type CheckWrite, leaseDue, makeDueNow, writeBatch } from "../src/engine/store.js";
import { createTestApp, createTestDatabase, dbKinds, eventually, type TestApp } from "./harness.js";

interface SseEvent {
  event: string;
  data: string;
}

/** a browser's EventSource, as far as a test needs it: the events and comment lines it was sent */
class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = "";

  private constructor(
    private readonly request: http.ClientRequest,
    readonly status: number,
    readonly headers: http.IncomingHttpHeaders,
    response: http.IncomingMessage,
  ) {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => this.take(chunk));
    response.on("end", () => {
      this.ended = true;
    });
    response.on("close", () => {
      this.ended = true;
    });
    response.on("error", () => {});
  }

  static open(base: string, cookie?: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const request = http.get(
        `${base}/api/events`,
        { headers: { accept: "text/event-stream", ...(cookie ? { cookie } : {}), ...headers } },
        (response) => resolve(new SseClient(request, response.statusCode ?? 0, response.headers, response)),
      );
      request.on("error", reject);
    });
  }

  /** the body so far, for answers that end (a 401) */
  get text(): string {
    return this.buffer;
  }

  private take(chunk: string) {
    this.buffer += chunk;
    let end = this.buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = "message";
      const data: string[] = [];
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("event:")) event = line.slice(6).trim();
        else if (line.startsWith("data:")) data.push(line.slice(5).trim());
      }
      if (data.length > 0) this.events.push({ event, data: data.join("\n") });
      end = this.buffer.indexOf("\n\n");
    }
  }

  named(event: string, data?: object): SseEvent[] {
    return this.events.filter(
      (e) =>
        e.event === event &&
        (data === undefined || JSON.stringify(JSON.parse(e.data)) === JSON.stringify(data)),
    );
  }

  async waitFor(event: string, data?: object, timeoutMs = 5000): Promise<SseEvent> {
    return eventually(() => {
      const found = this.named(event, data);
      if (found.length === 0) throw new Error(`sem evento ${event} ${JSON.stringify(data ?? {})}`);
      return found[0];
    }, timeoutMs);
  }

  /** the heartbeats this stream has received (since the last `clear()`) */
  get pings(): number {
    return this.comments.filter((c) => c === "ping").length;
  }

  /**
   * waits until `n` more heartbeats reach this stream. The hub writes each heartbeat to every open
   * stream in one go, after anything it wrote to them before, so by then what was sent is here; an
   * ended or replaced stream is sent none. Two heartbeats are a whole heartbeat period at least.
   */
  async heartbeats(n: number, timeoutMs = 5000): Promise<void> {
    const target = this.pings + n;
    await eventually(() => {
      if (this.pings < target) throw new Error(`${this.pings} de ${target} heartbeats`);
    }, timeoutMs);
  }

  clear() {
    this.events.length = 0;
    this.comments.length = 0;
  }

  close() {
    this.request.destroy();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CHANGED = { scope: "all" };
const CHECKS = { scope: "checks" };

describe.each(dbKinds())("live updates, GET /api/events (%s)", (kind) => {
  let t: TestApp;
  /** the engine's connection: another process's on PostgreSQL, the same embedded database on PGlite */
  let engineDb: Database;
  let base: string;
  let ana: string;
  let anaId: number;
  let rui: string;
  let ruiId: number;
  let admin: string;
  const clients: SseClient[] = [];

  const open = async (cookie?: string, headers?: Record<string, string>) => {
    const client = await SseClient.open(base, cookie, headers);
    clients.push(client);
    return client;
  };

  /** a product whose next check is far away, so only `check()` leases it */
  const addProduct = async (userId: number, name: string, status = "out_of_stock") => {
    const [row] = await t.database.db
      .insert(products)
      .values({
        userId,
        name,
        productId: "x",
        url: `https://nudeproject.com/products/${encodeURIComponent(name)}`,
        platform: "nudeproject",
        webhookUrl: "",
        status,
        nextCheckAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: products.id });
    return row.id;
  };

  /** one check of the product written the way the scheduler writes it: lease, then the batch */
  const check = async (
    productId: number,
    changes?: CheckWrite["changes"],
    outcome: { ok: boolean; streak: number; err: string | null } = { ok: true, streak: 0, err: null },
  ) => {
    await makeDueNow(engineDb.db, productId);
    await adoptUntargeted(engineDb.db, 100);
    const leased = await leaseDue(engineDb.db, "teste", 10, 60_000);
    expect(leased.flatMap((t) => t.watchers.map((p) => p.id))).toEqual([productId]);
    const at = Date.now();
    await writeBatch(
      engineDb.db,
      "teste",
      {
        settled: [],
        targets: [{ id: leased[0].id, next: at + 86_400_000 }],
        checks: [
          {
            id: productId,
            target: leased[0].id,
            next: at + 86_400_000,
            ...outcome,
            at,
            ...(changes ? { changes } : {}),
          },
        ],
        activities: [],
        alerts: [],
      },
      60_000,
    );
  };

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    // a short request timeout proves a stream is not cut by it (it bounds receiving a request)
    t = await createTestApp(kind, {
      database,
      config: {
        requestTimeoutMs: 1000,
        headersTimeoutMs: 1000,
        liveEvents: { maxPerUser: 5, heartbeatMs: 300 },
      },
    });
    engineDb = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : database;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    anaId = await t.createUser({ username: "ana" });
    ruiId = await t.createUser({ username: "rui" });
    await t.createUser({ username: "chefe", role: "admin" });
    ana = await t.login("ana");
    rui = await t.login("rui");
    admin = await t.login("chefe");
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await t.close();
    if (engineDb !== t.database) await engineDb.close();
    await t.database.close();
  });

  it("answers 401 without a session, like every other route", async () => {
    const anonymous = await open();
    expect(anonymous.status).toBe(401);
    await eventually(() => expect(anonymous.ended).toBe(true));
    expect(JSON.parse(anonymous.text)).toMatchObject({ message: "Não autenticado" });
    const forged = await open("sid=nao-existe");
    expect(forged.status).toBe(401);
  });

  it("opens an uncompressed, uncached event stream that keeps itself alive", async () => {
    const stream = await open(ana, { "accept-encoding": "br, gzip" });
    expect(stream.status).toBe(200);
    expect(stream.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.headers["cache-control"]).toBe("no-cache, no-transform");
    // heartbeats every 300 ms here (25 s by default): six of them are over 1.5 s, past the 1 s
    // request timeout however slowly they come
    await stream.heartbeats(6);
    expect(stream.ended).toBe(false);
    expect(stream.comments.filter((c) => c === "ping").length).toBeGreaterThanOrEqual(3);
    stream.close();
  });

  it("a stream whose session ended (a logout) closes at the next heartbeat", async () => {
    const session = await t.login("ana");
    const stream = await open(session);
    const other = await open(ana);
    // a heartbeat's session check passed: the stream is sent the next one
    await stream.heartbeats(2);
    expect(stream.ended).toBe(false);
    const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie: session } });
    expect(logout.statusCode).toBe(200);
    await eventually(() => expect(stream.ended).toBe(true), 3000);
    // her other session's stream goes on: a whole heartbeat, and its session check, after the logout
    await other.heartbeats(2);
    expect(other.ended).toBe(false);
    other.close();
  });

  it("tells a user when their product's status changes, and nobody else", async () => {
    const mine = await open(ana);
    const theirs = await open(rui);
    const adminStream = await open(admin);
    const id = await addProduct(anaId, "Casaco", "in_stock");
    await mine.waitFor("changed", CHANGED);
    mine.clear();
    // sold out with its sizes gone: a status change, not a restock
    await check(id, { status: "out_of_stock", sizes: "[]" });
    await mine.waitFor("changed", CHANGED);
    // a restock is written at once, before the change; a whole heartbeat later on every stream
    await Promise.all([mine, theirs, adminStream].map((c) => c.heartbeats(2)));
    expect(mine.named("restock")).toEqual([]);
    expect(theirs.events).toEqual([]);
    // an admin sees only their own products' events too
    expect(adminStream.events).toEqual([]);
    for (const c of [mine, theirs, adminStream]) c.close();
  });

  it("a restock names the product, its new status and the one before", async () => {
    const id = await addProduct(anaId, "Hoodie «Nude»");
    const mine = await open(ana);
    const theirs = await open(rui);
    await check(id, { status: "in_stock", sizes: '["M"]', notifiedStatus: "in_stock", restock: true });
    const restock = await mine.waitFor("restock");
    expect(JSON.parse(restock.data)).toEqual({
      productId: id,
      name: "Hoodie «Nude»",
      status: "in_stock",
      previousStatus: "out_of_stock",
    });
    await mine.waitFor("changed", CHANGED);
    await theirs.heartbeats(2);
    expect(theirs.events).toEqual([]);
    mine.close();
    theirs.close();
  });

  it("a check that only moves the last check's time says so ('checks'), at most every 5 s", async () => {
    const stream = await open(rui);
    const id = await addProduct(ruiId, "Boné", "in_stock");
    await stream.waitFor("changed", CHANGED); // the product added
    stream.clear();
    await check(id);
    await stream.waitFor("changed", CHECKS);
    await check(id);
    // the second notice is folded into the throttle, which shows nothing of it: this wait stays
    await sleep(500);
    expect(stream.named("changed", CHECKS)).toHaveLength(1);
    expect(stream.named("changed", CHANGED)).toEqual([]);
    stream.close();
  });

  it("a failure that goes on (the same error, one more in the streak) is a 'checks' too; its start is a change", async () => {
    const stream = await open(rui);
    const id = await addProduct(ruiId, "Meias", "in_stock");
    await stream.waitFor("changed", CHANGED);
    stream.clear();
    await check(id, undefined, { ok: false, streak: 1, err: "HTTP 503" });
    await stream.waitFor("changed", CHANGED); // an error starting is seen on the card
    stream.clear();
    await check(id, undefined, { ok: false, streak: 2, err: "HTTP 503" });
    // the test before left this user's "checks" throttle running (one per 5 s, the notice held to
    // its end): the notice may come up to 5 s after the check, and a loaded machine adds to that
    await stream.waitFor("changed", CHECKS, 12_000);
    expect(stream.named("changed", CHANGED)).toEqual([]);
    stream.close();
  });

  it("a thousand updates in a second reach a browser as a few messages", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await addProduct(anaId, `Lote ${i}`));
    const stream = await open(ana);
    await sleep(400);
    stream.clear();
    const started = Date.now();
    for (let i = 0; i < 1000; i++) {
      await engineDb.db.execute(
        sql`update products set available_sizes = ${JSON.stringify([`T${i}`])} where id = ${ids[i % ids.length]}`,
      );
    }
    const elapsed = Date.now() - started;
    await sleep(600);
    const changed = stream.named("changed", CHANGED);
    expect(changed.length).toBeGreaterThanOrEqual(1);
    // one per 250 ms at most, plus the first and the last of the burst (arrival times are not
    // compared: this process also runs the writes, so a message may be read late)
    expect(changed.length).toBeLessThanOrEqual(Math.ceil(elapsed / 250) + 2);
    stream.close();
  });

  it("holds at most 5 streams per user: a sixth closes the oldest, which is told why", async () => {
    const streams: SseClient[] = [];
    for (let i = 0; i < 5; i++) streams.push(await open(rui));
    // streams that leave free their place: two go, two more come, and nobody is replaced
    streams[3].close();
    streams[4].close();
    // the server's side of those closes is not seen from here: this wait stays
    await sleep(100);
    streams.splice(3, 2, await open(rui), await open(rui));
    // a stream pushed past the cap is ended at once and sent no heartbeat
    await Promise.all(streams.map((s) => s.heartbeats(1)));
    expect(streams.every((s) => !s.ended)).toBe(true);
    const sixth = await open(rui);
    await streams[0].waitFor("replaced");
    await eventually(() => expect(streams[0].ended).toBe(true));
    expect(streams.slice(1).every((s) => !s.ended)).toBe(true);
    // the five left still hear their changes
    await addProduct(ruiId, "Anel");
    for (const s of [...streams.slice(1), sixth]) await s.waitFor("changed", CHANGED);
    // another user's streams are not counted against this one
    const anas = await open(ana);
    await Promise.all([anas, sixth].map((s) => s.heartbeats(1)));
    expect(anas.ended).toBe(false);
    expect(sixth.ended).toBe(false);
    for (const s of [...streams, sixth, anas]) s.close();
  });

  it.runIf(kind === "postgres")(
    "after the database's notifications were cut, open pages are told to reload",
    async () => {
      const stream = await open(ana);
      await stream.heartbeats(1);
      stream.clear();
      await engineDb.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where query like 'LISTEN data_changed%' and datname = current_database()`,
      );
      await eventually(() => expect(t.database.changes.live).toBe(false));
      await eventually(() => expect(t.database.changes.live).toBe(true), 5000);
      await stream.waitFor("changed", CHANGED);
      expect(stream.ended).toBe(false);
      stream.close();
    },
  );

  it("the server closes at once with a stream open", async () => {
    const other = await createTestApp(kind);
    let closed = false;
    try {
      await other.createUser({ username: "ana" });
      const cookie = await other.login("ana");
      await other.app.listen({ port: 0, host: "127.0.0.1" });
      const stream = await SseClient.open(
        `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}`,
        cookie,
      );
      expect(stream.status).toBe(200);
      const started = Date.now();
      await other.app.close();
      closed = true;
      expect(Date.now() - started).toBeLessThan(2000);
      await eventually(() => expect(stream.ended).toBe(true), 2000);
    } finally {
      if (closed) await other.database.close();
      else await other.close();
    }
  });
});
