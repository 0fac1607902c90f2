import { eq, sql } from "drizzle-orm";
import { sessions, users } from "../src/db/schema.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { createTestApp, dbKinds, PASSWORD, type TestApp } from "./harness.js";

describe.each(dbKinds())("issue 13: what a hostile user found (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("1: one user's extreme loss does not break the ranking or Status for anyone", async () => {
    await t.createUser({ username: "extremo" });
    await t.createUser({ username: "vizinho" });
    const extremo = await t.login("extremo");
    const vizinho = await t.login("vizinho");
    const item = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie: extremo },
      payload: { name: "caro", price: "99999999.99", shippingPrice: "0.99" },
    });
    expect(item.statusCode, item.body).toBe(201);
    const sale = await t.app.inject({
      method: "POST",
      url: "/api/sales",
      headers: { cookie: extremo },
      payload: { inventoryItemId: item.json().id, salePrice: "0.01", platform: "Vinted" },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    for (const cookie of [extremo, vizinho]) {
      const ranking = await t.app.inject({ method: "GET", url: "/api/ranking", headers: { cookie } });
      expect(ranking.statusCode, ranking.body).toBe(200);
      expect(ranking.json()[0]).toMatchObject({
        totalProfit: "-100000000.97",
        profitMargin: "-1000000009700.00",
      });
    }
    const status = await t.app.inject({
      method: "GET",
      url: "/api/status/statistics",
      headers: { cookie: extremo },
    });
    expect(status.statusCode, status.body).toBe(200);
    // every other read that sums or lists money: the figure is shown, never an error
    for (const url of [
      "/api/inventory",
      "/api/inventory/statistics",
      "/api/inventory/export",
      "/api/sales",
      "/api/sales/export",
      "/api/statistics",
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: { cookie: extremo } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const admin = await t.createUser({ username: "chefe1", role: "admin" });
    expect(admin).toBeGreaterThan(0);
    const metrics = await t.app.inject({
      method: "GET",
      url: "/api/admin/financial-metrics",
      headers: { cookie: await t.login("chefe1") },
    });
    expect(metrics.statusCode, metrics.body).toBe(200);
  });

  it("4: two admins demoting each other at once always leave one admin", async () => {
    for (let round = 0; round < 10; round++) {
      const a = await t.createUser({ username: `admin_a${round}`, role: "admin" });
      const b = await t.createUser({ username: `admin_b${round}`, role: "admin" });
      // only these two are admins
      await t.database.db.execute(
        sql`update users set role = 'user' where role = 'admin' and id not in (${a}, ${b})`,
      );
      const [ca, cb] = [await t.login(`admin_a${round}`), await t.login(`admin_b${round}`)];
      const demote = (cookie: string, id: number) =>
        t.app.inject({
          method: "PUT",
          url: `/api/admin/users/${id}`,
          headers: { cookie },
          payload: { role: "user" },
        });
      const answers = await Promise.all([demote(ca, b), demote(cb, a)]);
      const admins = await t.database.db.select().from(users).where(eq(users.role, "admin"));
      expect(admins.length, `round ${round}`).toBe(1);
      // the loser is refused either by the last-admin rule (400) or, when the winner committed
      // before the loser's request was authorised, because the loser is no longer an admin (403)
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes[0], `round ${round}`).toBe(200);
      expect([400, 403], `round ${round}`).toContain(codes[1]);
    }
  });

  it("2: parallel guesses are counted before hashing, and a stranger's guesses do not lock the owner out", async () => {
    await t.createUser({ username: "alvo" });
    const guess = () =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "alvo", password: "errada" },
        remoteAddress: "203.0.113.9",
      });
    const answers = await Promise.all(Array.from({ length: 15 }, guess));
    const checked = answers.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    // the owner, from their own address, still gets in
    const owner = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "alvo", password: PASSWORD },
      remoteAddress: "198.51.100.7",
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it("2: two web processes on one database share the failure counts", async () => {
    await t.createUser({ username: "balanceado" });
    // a second web process: its own app (and, on PostgreSQL, its own connections) on the same data
    const url = (t.database as { url?: string }).url;
    const otherDatabase = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : t.database;
    const other = await createTestApp(kind, { database: otherDatabase });
    try {
      const guess = (app: TestApp["app"]) =>
        app.inject({
          method: "POST",
          url: "/api/login",
          payload: { username: "balanceado", password: "errada" },
          remoteAddress: "203.0.113.77",
        });
      for (let i = 0; i < 5; i++) {
        expect((await guess(t.app)).statusCode).toBe(401);
        expect((await guess(other.app)).statusCode).toBe(401);
      }
      expect((await guess(t.app)).statusCode).toBe(429);
      expect((await guess(other.app)).statusCode).toBe(429);
    } finally {
      await other.close();
      if (otherDatabase !== t.database) await otherDatabase.close();
    }
  });

  it("2: the per-address request limit on login is shared by the web processes too", async () => {
    const url = (t.database as { url?: string }).url;
    const otherDatabase = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : t.database;
    const other = await createTestApp(kind, { database: otherDatabase });
    try {
      // unknown names, each tried once: only the limit of 20 requests a minute per address applies
      const attempt = (app: TestApp["app"], n: number) =>
        app.inject({
          method: "POST",
          url: "/api/login",
          payload: { username: `ninguem${n}`, password: "errada" },
          remoteAddress: "203.0.113.88",
        });
      for (let n = 0; n < 10; n++) {
        expect((await attempt(t.app, n)).statusCode).toBe(401);
        expect((await attempt(other.app, 100 + n)).statusCode).toBe(401);
      }
      expect((await attempt(t.app, 50)).statusCode).toBe(429);
      expect((await attempt(other.app, 150)).statusCode).toBe(429);
      // another route's limit is its own: this address may still ask for a preview
      await t.createUser({ username: "vizinho2" });
      const preview = await t.app.inject({
        method: "POST",
        url: "/api/products/preview",
        headers: { cookie: await t.login("vizinho2") },
        payload: { platform: "nenhuma", url: "https://www.zara.com/pt/pt/x-p1.html" },
        remoteAddress: "203.0.113.88",
      });
      expect(preview.statusCode).toBe(400);
    } finally {
      await other.close();
      if (otherDatabase !== t.database) await otherDatabase.close();
    }
  });

  it("2: past 50 failures on a username from many addresses, the owner is slowed, not locked out", async () => {
    await t.createUser({ username: "cobicado" });
    const attempt = (password: string, remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "cobicado", password },
        remoteAddress,
      });
    // 51 guesses from 17 addresses: no address reaches its own limit of 10
    for (let n = 0; n < 51; n++) {
      expect((await attempt("errada", `203.0.113.${100 + (n % 17)}`)).statusCode).toBe(401);
    }
    const started = Date.now();
    const owner = await attempt(PASSWORD, "198.51.100.70");
    expect(owner.statusCode, owner.body).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  }, 90_000); // 52 password hashes

  it("6: a password change ends the user's other sessions, and expired sessions are pruned", async () => {
    const id = await t.createUser({ username: "mudanca" });
    await t.createUser({ username: "chefe6", role: "admin" });
    const userCookie = await t.login("mudanca");
    const admin = await t.login("chefe6");
    const otherAdmin = await t.login("chefe6");
    const me = (cookie: string) => t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    const change = await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${id}`,
      headers: { cookie: admin },
      payload: { password: "nova-senha-1" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(userCookie)).statusCode).toBe(401);
    // the admin's own password: the session that changed it stays, the other ends
    const adminId = (await me(admin)).json().id;
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/users/${adminId}`,
      headers: { cookie: admin },
      payload: { password: "nova-senha-2" },
    });
    expect((await me(admin)).statusCode).toBe(200);
    expect((await me(otherAdmin)).statusCode).toBe(401);
    await t.database.db
      .insert(sessions)
      .values({ id: "expirada", userId: id, expiresAt: new Date(Date.now() - 1000) });
    await t.login("mudanca", "nova-senha-1");
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, "expirada"))).toEqual([]);
  });

  it("9: a user gets 403 on admin routes before any field error", async () => {
    await t.createUser({ username: "curioso" });
    const cookie = await t.login("curioso");
    for (const [method, url] of [
      ["POST", "/api/admin/users"],
      ["PUT", "/api/admin/users/1"],
      ["PUT", "/api/admin/financial-metrics"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie },
        payload: { username: 1, totalRevenue: "x" },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("9: settings refuse unknown keys and a loopback default webhook; a user's global edit is 403 first", async () => {
    await t.createUser({ username: "chefe9", role: "admin" });
    const admin = await t.login("chefe9");
    const put = (cookie: string, payload: object) =>
      t.app.inject({ method: "PUT", url: "/api/settings", headers: { cookie }, payload });
    expect((await put(admin, { global: { defaultCheckIntervall: 5 } })).statusCode).toBe(400);
    expect((await put(admin, { globals: {} })).statusCode).toBe(400);
    const loopback = await put(admin, { global: { defaultWebhookUrl: "https://127.0.0.1/hook" } });
    expect(loopback.statusCode).toBe(400);
    await t.createUser({ username: "curioso9" });
    const user = await t.login("curioso9");
    expect((await put(user, { global: { defaultCheckInterval: "abc" } })).statusCode).toBe(403);
  });

  it("8: look-alike usernames are refused: case, invisible characters, NFC/NFD", async () => {
    await t.createUser({ username: "chefe8", role: "admin" });
    const admin = await t.login("chefe8");
    const create = (username: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/users",
        headers: { cookie: admin },
        payload: { username, password: "segredo123" },
      });
    expect((await create("josé")).statusCode).toBe(201);
    expect((await create("jose\u0301")).statusCode).toBe(409);
    expect((await create("JOSÉ")).statusCode).toBe(409);
    expect((await create("chefe8\u200b")).statusCode).toBe(400);
    expect((await create("Chefe8")).statusCode).toBe(409);
  });

  it("9: product preview is rate-limited per user", async () => {
    await t.createUser({ username: "espreita" });
    const cookie = await t.login("espreita");
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/products/preview",
        headers: { cookie },
        payload: { platform: "nenhuma", url: "https://www.zara.com/pt/pt/x-p1.html" },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it("9: dates out of 1900–2100 or not dates at all are refused, never stored as something else", async () => {
    await t.createUser({ username: "datas" });
    const cookie = await t.login("datas");
    const add = (purchaseDate: unknown) =>
      t.app.inject({
        method: "POST",
        url: "/api/inventory",
        headers: { cookie },
        payload: { name: "x", price: "1", purchaseDate },
      });
    expect((await add("0001-01-01")).statusCode).toBe(400);
    expect((await add(true)).statusCode).toBe(400);
    expect((await add(0)).statusCode).toBe(400);
    const ok = await add("2026-11-22");
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().purchaseDate).toMatch(/^2026-11-2/);
  });
});
