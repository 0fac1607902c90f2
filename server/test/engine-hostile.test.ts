import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifications, products, users } from "../src/db/schema.js";
import { FakeRetailer } from "../../tools/fake-retailer.js";
import { Transport } from "../src/engine/fetch/transport.js";
import type { EngineHandle } from "../src/engine/handle.js";
import { parseStats } from "../src/engine/parse/pool.js";
import type { Engine } from "../src/engine/start.js";
import { createWorld, DISCORD_WEBHOOK, eventually, sleep, type World } from "./engine-support.js";
import { createTestApp, createTestDatabase, dbKinds, type TestApp } from "./harness.js";
import { WEBHOOK } from "./product-fixtures.js";

const SHOP = "https://nudeproject.com";
/** a second retailer host answered by the same stand-in: products there are not on the dripping host */
const OTHER_SHOP = "https://eu.nudeproject.com";
/** /api/health's detail is for an admin's session or this bearer */
const HEALTH_TOKEN = "sonda-de-saude-0123456789";
const HEALTH_HEADERS = { authorization: `Bearer ${HEALTH_TOKEN}` };

describe.each(dbKinds())("engine under hostile hosts (%s)", (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    w.redirects.set(OTHER_SHOP, w.redirects.get(SHOP) as string);
  });
  afterEach(() => w.reset());
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  async function addUser(): Promise<number> {
    const [row] = await w.database.db
      .insert(users)
      .values({
        username: `o${Date.now()}${Math.random()}`.slice(0, 30),
        passwordHash: "x",
        monitorLimit: 100,
      })
      .returning({ id: users.id });
    return row.id;
  }

  async function addProductFor(userId: number, url: string): Promise<number> {
    const [row] = await w.database.db
      .insert(products)
      .values({
        userId,
        name: "Produto de outro utilizador",
        productId: "",
        url,
        webhookUrl: DISCORD_WEBHOOK,
        platform: "nudeproject",
        checkInterval: 1000,
      })
      .returning({ id: products.id });
    return row.id;
  }

  const leasedCount = async () => {
    const result = await w.database.db.execute(
      sql`select count(*)::int as n from monitor_targets where leased_by is not null`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0].n;
  };

  it("a page that drips its body ends as a timeout within the check's deadline", async () => {
    w.retailer.dripMs = 200; // a byte well inside any gap timeout: only a total deadline ends it
    w.retailer.setProduct("drip", { sizes: ["M"], block: "drip" });
    const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/drip` });
    const started = Date.now();
    await w.start({ scheduler: { checkTimeoutMs: 1500 } });
    await eventually(async () => expect((await w.product(id)).lastError).toBe("tempo esgotado"));
    const elapsed = Date.now() - started;
    // the first check starts at once and ends at its 1.5 s deadline; generous for a loaded machine
    expect(elapsed).toBeLessThan(1500 + 3000);
    const row = await w.product(id);
    expect(row.failureStreak).toBeGreaterThanOrEqual(1);
    expect(row.status).not.toBe("out_of_stock");
  });

  it("a check never outlives its lease: it gives up before the lease ends, written once", async () => {
    w.retailer.dripMs = 200;
    w.retailer.setProduct("lease", { sizes: ["M"], block: "drip" });
    const id = await w.addProduct({
      platform: "nudeproject",
      url: `${SHOP}/products/lease`,
      interval: 60_000,
    });
    // a page of its own at 1 s: its checks show the engine going on past the lease's end
    w.retailer.setProduct("lease-witness", { status: "out_of_stock" });
    const witness = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/lease-witness` });
    w.retailer.requestLog = [];
    const started = Date.now();
    // a check deadline far past the 4 s lease: the lease bounds it
    await w.start({ scheduler: { checkTimeoutMs: 50_000, leaseMs: 4000 } });
    await eventually(async () => expect((await w.product(id)).lastError).toBe("tempo esgotado"));
    expect(Date.now() - started).toBeLessThan(4000 + 2000);
    // past the lease (taken before its one fetch, so over 4 s after that fetch at the latest): the
    // only wait left is this one, about time itself; then two more leases and writes of the witness
    // in which the product could have been taken again. Nobody took it, nothing was written twice
    const fetchedAt = w.retailer.requestLog.find((r) => r.path === "/products/lease.js")!.at;
    await sleep(Math.max(0, fetchedAt + 4000 - Date.now()));
    await w.checkedAgain(witness, 2);
    const row = await w.product(id);
    expect(row.failureStreak).toBe(1);
    // the witness's own lease lasts its check: none is left once no check runs
    await eventually(async () => expect(await leasedCount()).toBe(0));
    expect(w.retailer.paths.get("/products/lease.js")).toBe(1);
  });

  it("with dripping hosts taking slots, another user's product is still checked and alerts within 2 s", async () => {
    await w.settings({ maxConcurrentChecks: 4 });
    w.retailer.dripMs = 500;
    for (let i = 0; i < 12; i++) {
      w.retailer.setProduct(`slow${i}`, { sizes: ["M"], block: "drip" });
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/slow${i}` });
    }
    const other = await addUser();
    w.retailer.setProduct("calm", { status: "out_of_stock" });
    const calm = await addProductFor(other, `${OTHER_SHOP}/products/calm`);
    await w.start({ scheduler: { checkTimeoutMs: 20_000, leaseMs: 60_000 } });
    await eventually(async () => expect(w.retailer.inFlight).toBeGreaterThanOrEqual(2));
    // the dripping user holds half the slots at most; the calm product keeps its 1 s interval
    await eventually(async () => expect((await w.product(calm)).lastCheck).not.toBeNull());
    const checkedOnce = (await w.product(calm)).lastCheck as Date;
    await eventually(async () =>
      expect(((await w.product(calm)).lastCheck as Date).getTime()).toBeGreaterThan(checkedOnce.getTime()),
    );
    const restockAt = Date.now();
    w.retailer.setProduct("calm", { sizes: ["L"] });
    await w.webhook.waitForAccepted(1, 10_000);
    const latency = Date.now() - restockAt;
    expect(latency).toBeLessThan(2000 + 1000); // within 2 s, with a margin for a loaded machine
    expect(w.retailer.maxInFlight).toBeLessThanOrEqual(4);
    const rows = await w.database.db.select().from(notifications).where(eq(notifications.productId, calm));
    expect(rows).toHaveLength(1);
  });

  it("two slow users cannot fill the slots: a third user's checks run while every slow check still hangs", async () => {
    // issue 27: two users whose 8 products each drip held all 10 slots (half each)
    await w.settings({ maxConcurrentChecks: 10 });
    w.retailer.dripMs = 500;
    const slowUsers = [await addUser(), await addUser()];
    const slowIds: number[] = [];
    for (const [u, userId] of slowUsers.entries()) {
      for (let i = 0; i < 8; i++) {
        w.retailer.setProduct(`neighbour${u}-${i}`, { sizes: ["M"], block: "drip" });
        slowIds.push(await addProductFor(userId, `${SHOP}/products/neighbour${u}-${i}`));
      }
    }
    const third = await addUser();
    w.retailer.setProduct("third", { status: "out_of_stock" });
    await addProductFor(third, `${SHOP}/products/third`);
    // the slow checks hang far longer than the test: none of them ends while it runs
    await w.start({ scheduler: { checkTimeoutMs: 120_000, leaseMs: 180_000 } });
    await eventually(async () => expect(w.retailer.inFlight).toBeGreaterThanOrEqual(6));
    await eventually(async () =>
      expect(w.retailer.paths.get("/products/third.js") ?? 0).toBeGreaterThanOrEqual(3),
    );
    // every slow check is still hanging: the third user's checks did not wait for a slot to free
    const ended = await w.database.db.execute(
      sql`select count(*)::int as n from products where id = any(${`{${slowIds.join(",")}}`}::int[]) and last_error is not null`,
    );
    expect((ended as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    expect(w.retailer.maxInFlight).toBeLessThan(10);
  });

  it("a 1.2 MB product page is parsed in a worker thread and the check still answers", async () => {
    w.redirects.set("https://www.worten.pt", w.redirects.get(SHOP) as string);
    w.retailer.pagePadBytes = 1_200_000;
    w.retailer.setProduct("7196053", { sizes: ["M"], name: "Consola PS5 Slim" });
    const before = parseStats.inWorker;
    const id = await w.addProduct({
      platform: "worten",
      url: "https://www.worten.pt/produtos/consola-ps5-slim-7196053",
      interval: 5_000,
    });
    await w.start();
    // the first parse starts the worker pool (a worker loads the parsers through tsx: seconds when
    // the machine is busy, and then the first check may reach its deadline; the next one answers)
    await eventually(async () => expect((await w.product(id)).status).toBe("in_stock"), 60_000);
    expect(parseStats.inWorker).toBeGreaterThan(before);
  }, 70_000);

  it("a user alone on one host keeps every slot: shares are kept only for someone else", async () => {
    await w.settings({ maxConcurrentChecks: 4 });
    w.retailer.delayMs = 300;
    for (let i = 0; i < 8; i++) {
      w.retailer.setProduct(`alone${i}`, { status: "out_of_stock" });
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/alone${i}` });
    }
    await w.start();
    await eventually(() => expect(w.retailer.requests).toBeGreaterThanOrEqual(12));
    expect(w.retailer.maxInFlight).toBe(4);
  });

  it("shutdown with dripping hosts under way finishes within 10 s and hands every lease back", async () => {
    w.retailer.dripMs = 1000;
    for (let i = 0; i < 6; i++) {
      w.retailer.setProduct(`hang${i}`, { sizes: ["M"], block: "drip" });
      await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/hang${i}` });
    }
    const engine = await w.start({ scheduler: { checkTimeoutMs: 50_000, leaseMs: 60_000 } });
    await eventually(async () => expect(w.retailer.inFlight).toBeGreaterThanOrEqual(3));
    expect(await leasedCount()).toBeGreaterThanOrEqual(3);
    const started = Date.now();
    await engine.stop();
    const took = Date.now() - started;
    expect(took).toBeLessThan(10_000);
    expect(await leasedCount()).toBe(0);
    // the sockets were destroyed: the stand-in sees its dripping answers closed
    await eventually(() => expect(w.retailer.inFlight).toBe(0), 5000);
    // nothing was learnt from an aborted check: no timeout written for it
    const rows = await w.database.db
      .select()
      .from(products)
      .where(sql`url like ${`${SHOP}/products/hang%`}`);
    expect(rows.every((r) => r.lastError === null)).toBe(true);
  });

  it("/api/health is degraded while products wait unchecked and alerts are late, and ok again after", async () => {
    let engine: Engine | null = null;
    const handle: EngineHandle = {
      checkSoon: () => {},
      health: () => engine?.health() ?? null,
    };
    const t: TestApp = await createTestApp(kind, {
      database: w.database,
      engine: handle,
      config: { health: { maxLagMs: 600_000, stallMs: 3000, outboxLateMs: 3000 }, healthToken: HEALTH_TOKEN },
    });
    try {
      w.retailer.setProduct("waiting", { status: "out_of_stock" });
      const id = await w.addProduct({ platform: "nudeproject", url: `${SHOP}/products/waiting` });
      await w.database.db.execute(
        sql`update products set next_check_at = now() - interval '30 seconds' where id = ${id}`,
      );
      await w.database.db.insert(notifications).values({
        productId: id,
        userId: w.userId,
        webhookUrl: DISCORD_WEBHOOK,
        message: "Alerta atrasado",
        type: "restock",
        payload: {
          kind: "restock",
          productId: id,
          productName: "Produto de teste",
          productUrl: `${SHOP}/products/waiting`,
          platform: "nudeproject",
          status: "in_stock",
          sizes: ["M"],
          newSizes: ["M"],
          price: null,
          imageUrl: null,
          cartLinks: [],
          at: new Date().toISOString(),
        },
        status: "pending",
        nextAttemptAt: new Date(Date.now() - 60_000),
      });

      const degraded = await t.app.inject({ method: "GET", url: "/api/health", headers: HEALTH_HEADERS });
      expect(degraded.statusCode).toBe(503);
      const body = degraded.json();
      expect(body.status).toBe("degraded");
      expect(body.reasons).toEqual([
        "nenhuma verificação terminou há mais de 3 s com 1 produto(s) por verificar",
        "1 alerta(s) por enviar há mais de 3 s",
      ]);

      engine = await w.start();
      await eventually(async () => {
        const res = await t.app.inject({ method: "GET", url: "/api/health", headers: HEALTH_HEADERS });
        expect(res.json().reasons).toEqual([]);
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe("ok");
      });
    } finally {
      await t.app.close();
    }
  });

  it("/api/health is degraded while the p99 schedule lag passes its bound", async () => {
    let lag = 5_000;
    const handle: EngineHandle = {
      checkSoon: () => {},
      health: () => ({
        running: true,
        lagMsP99: lag,
        checksLastMinute: 10,
        lastCheckAt: new Date().toISOString(),
      }),
    };
    const t = await createTestApp(kind, {
      database: w.database,
      engine: handle,
      config: {
        health: { maxLagMs: 1000, stallMs: 60_000, outboxLateMs: 60_000 },
        healthToken: HEALTH_TOKEN,
      },
    });
    try {
      const slow = await t.app.inject({ method: "GET", url: "/api/health", headers: HEALTH_HEADERS });
      expect(slow.statusCode).toBe(503);
      expect(slow.json()).toMatchObject({
        status: "degraded",
        reasons: ["as verificações estão 5 s atrasadas (p99)"],
      });
      lag = 200;
      const fine = await t.app.inject({ method: "GET", url: "/api/health", headers: HEALTH_HEADERS });
      expect(fine.statusCode).toBe(200);
      expect(fine.json()).toMatchObject({ status: "ok", reasons: [] });
    } finally {
      await t.app.close();
    }
  });
});

describe("Transport: one deadline over the whole exchange", () => {
  it("a dripping body is a timeout at the total deadline, and an outside abort ends it at once", async () => {
    const retailer = new FakeRetailer();
    const origin = await retailer.listen();
    const transport = new Transport({ redirects: new Map([[SHOP, origin]]) });
    try {
      retailer.dripMs = 100;
      retailer.setProduct("drip", { sizes: ["M"], block: "drip" });
      let started = Date.now();
      await expect(
        transport.send(`${SHOP}/products/drip.js`, { timeoutMs: 800, maxRedirects: 0 }),
      ).rejects.toMatchObject({ reason: "timeout" });
      expect(Date.now() - started).toBeLessThan(800 + 1500);

      const controller = new AbortController();
      started = Date.now();
      setTimeout(() => controller.abort(), 300);
      await expect(
        transport.send(`${SHOP}/products/drip.js`, {
          timeoutMs: 60_000,
          maxRedirects: 0,
          signal: controller.signal,
        }),
      ).rejects.toMatchObject({ reason: "timeout" });
      expect(Date.now() - started).toBeLessThan(300 + 1500);
      // the sockets were destroyed, not left dripping
      await eventually(() => expect(retailer.inFlight).toBe(0), 5000);
    } finally {
      await transport.destroy();
      await retailer.close();
    }
  });
});

describe.each(dbKinds())("previews and Levi's stock URL under hostile hosts (%s)", (kind) => {
  let w: World;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
    t = await createTestApp(kind, {
      database: w.database,
      config: { monitorRedirect: w.redirects, previewTimeoutMs: 1000 },
    });
    await t.createUser({ username: "hostil", monitorLimit: 10 });
    cookie = await t.login("hostil");
  });
  afterAll(async () => {
    await t.app.close();
    await w.close();
    await w.database.close();
  });

  it("a preview of a dripping page answers a Portuguese timeout within its deadline", async () => {
    w.retailer.dripMs = 200;
    w.retailer.setProduct("drip-preview", { sizes: ["M"], block: "drip" });
    const started = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/products/preview",
      headers: { cookie },
      payload: { platform: "nudeproject", url: `${SHOP}/products/drip-preview` },
    });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^Não foi possível ler a página \(tempo esgotado\)/);
    expect(took).toBeLessThan(1000 + 3000);
  });

  const levisProduct = (config: string) => ({
    name: "501 Original",
    url: "https://www.levi.com/PT/pt_PT/vestuario/homem/jeans/501-original-jeans/p/005010114",
    webhookUrl: WEBHOOK,
    platform: "levis",
    checkInterval: 60_000,
    config,
  });

  it("a Levi's stockUrl on another host is a Portuguese 400 at create, update and preview", async () => {
    const evil = JSON.stringify({ stockUrl: "https://169.254.169.254/latest/meta-data" });
    const message = "O stockUrl da configuração não pertence à plataforma Levi's (levi.com)";
    const created = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie },
      payload: levisProduct(evil),
    });
    expect(created.statusCode).toBe(400);
    expect(JSON.stringify(created.json())).toContain(message);

    const good = await t.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { cookie },
      payload: levisProduct(
        JSON.stringify({
          stockUrl: "https://www.levi.com/nextgen-webhooks/?operationName=product&locale=PT-pt_PT",
        }),
      ),
    });
    expect(good.statusCode, good.body).toBe(201);
    const updated = await t.app.inject({
      method: "PUT",
      url: `/api/products/${good.json().id}`,
      headers: { cookie },
      payload: levisProduct(JSON.stringify({ stockUrl: "http://127.0.0.1:5432/" })),
    });
    expect(updated.statusCode).toBe(400);
    expect(JSON.stringify(updated.json())).toContain(message);

    const preview = await t.app.inject({
      method: "POST",
      url: "/api/products/preview",
      headers: { cookie },
      payload: { platform: "levis", url: levisProduct("").url, config: evil },
    });
    expect(preview.statusCode).toBe(400);
    expect(JSON.stringify(preview.json())).toContain(message);
  });
});
