import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { users } from "../src/db/schema.js";
import { verifyPassword } from "../src/services/passwords.js";
import { ensureFirstAdmin } from "../src/services/users.js";
import { createTestApp, createTestDatabase, dbKinds, type TestApp, testConfig } from "./harness.js";

describe.each(dbKinds())("API frame (%s)", (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.createUser({ username: "rita" });
    cookie = await t.login("rita");
  });
  afterAll(() => t.close());

  it("sends security headers on every response", async () => {
    for (const url of ["/api/health", "/api/user", "/api/nada"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("answers health without a session, with its one word only (issue 27)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("answers a JSON 404 for unknown /api routes, with or without a session", async () => {
    const anon = await t.app.inject({ method: "GET", url: "/api/nada" });
    expect(anon.statusCode).toBe(401);
    const res = await t.app.inject({ method: "GET", url: "/api/nada", headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "Rota não encontrada", errors: [] });
  });

  it("refuses malformed JSON with a 400 in Portuguese", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "rita",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("JSON inválido no corpo do pedido");
  });

  it("refuses a body that is not JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=rita&password=x",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/JSON/);
  });

  it("refuses a body over the size limit", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/user/profile",
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify({ fullName: "x".repeat(5 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("Pedido demasiado grande");
  });

  it("refuses a mutation from a foreign Origin and accepts the app's own", async () => {
    const foreign = await t.app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie, origin: "https://evil.example", host: "localhost:5000" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe("Origem do pedido não permitida");
    const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect(me.statusCode).toBe(200); // the foreign logout did not end the session

    const own = await t.app.inject({
      method: "POST",
      url: "/api/login",
      headers: { origin: "http://localhost:5000", host: "localhost:5000" },
      payload: { username: "rita", password: "segredo123" },
    });
    expect(own.statusCode).toBe(200);
  });

  it("answers 403 'Acesso negado' to a user on an admin route", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/users", headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Acesso negado");
  });

  it("validates route parameters", async () => {
    await t.createUser({ username: "chefe", role: "admin" });
    const admin = await t.login("chefe");
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/admin/users/abc",
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Identificador inválido");
  });
});

describe("first start", () => {
  it("creates 'admin' with ADMIN_PASSWORD once, and never again", async () => {
    const database = await createTestDatabase("pglite");
    try {
      expect(await ensureFirstAdmin(database.db, "palavra-forte")).toEqual({
        created: true,
        generatedPassword: undefined,
      });
      expect(await ensureFirstAdmin(database.db, "outra")).toEqual({ created: false });
      const [admin] = await database.db.select().from(users).where(eq(users.username, "admin"));
      expect(admin.role).toBe("admin");
      expect(await verifyPassword("palavra-forte", admin.passwordHash)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);

  it("generates and returns a random password when none is configured", async () => {
    const database = await createTestDatabase("pglite");
    try {
      const first = await ensureFirstAdmin(database.db, undefined);
      expect(first.generatedPassword).toMatch(/^[\w-]{12,}$/);
      const [admin] = await database.db.select().from(users);
      expect(await verifyPassword(first.generatedPassword!, admin.passwordHash)).toBe(true);
    } finally {
      await database.close();
    }
  }, 90_000);

  it("runs migrations twice safely on the same data directory", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-migrate-"));
    const { openDatabase } = await import("../src/db/client.js");
    const a = await openDatabase({ dataDir: dir });
    await ensureFirstAdmin(a.db, "palavra-forte");
    await a.close();
    const b = await openDatabase({ dataDir: dir });
    const rows = await b.db.select().from(users);
    await b.close();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(rows.map((r) => r.username)).toEqual(["admin"]);
  }, 120_000);
});

describe("serving the client", () => {
  it("serves index.html for client routes and assets as files", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-client-"));
    fs.writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Stock Monitor</title>");
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, "assets", "app.js"), "console.log(1)");
    const database = await createTestDatabase("pglite");
    const app = await buildApp({ database, config: testConfig(), clientDir: dir });
    try {
      const page = await app.inject({ method: "GET", url: "/inventory" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toContain("text/html");
      expect(page.body).toContain("Stock Monitor");
      const missing = await app.inject({ method: "GET", url: "/qualquer/coisa" });
      expect(missing.body).toContain("Stock Monitor"); // the SPA shows '404 Page Not Found'
      const asset = await app.inject({ method: "GET", url: "/assets/app.js" });
      expect(asset.body).toBe("console.log(1)");
    } finally {
      await app.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
