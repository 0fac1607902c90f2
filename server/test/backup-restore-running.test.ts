/** Settings → Sistema, "Backups": the admin makes a backup and restores one into the running server. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import { backupDirOf } from "../src/services/backup.js";
import { createTestApp, migratedTemplate, type TestApp } from "./harness.js";

// an on-disk PGlite, a dump and a reopen: slow on a busy machine
describe("restoring a backup into the running embedded database", { timeout: 120_000 }, () => {
  let dataDir: string;
  let database: Database;
  let t: TestApp;
  let admin: string;
  let plain: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-restore-live-"));
    database = await openDatabase({ dataDir, pgliteTemplate: await migratedTemplate() });
    t = await createTestApp("pglite", { database, config: { dataDir } });
    await t.createUser({ username: "chefe", role: "admin" });
    await t.createUser({ username: "antes" });
    admin = await t.login("chefe");
    plain = await t.login("antes");
  });
  afterAll(async () => {
    await t.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: "GET" | "POST", url: string, cookie = admin) =>
    t.app.inject({ method, url, headers: { cookie } });
  const names = async () =>
    (await database.db.select({ u: users.username }).from(users)).map((r) => r.u).sort();

  it("makes a backup now, lists it, and a plain user sees none of it", async () => {
    const made = await call("POST", "/api/admin/backups");
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().name).toMatch(/^stock-monitor-.*\.tar\.gz$/);
    expect(made.json().bytes).toBeGreaterThan(1000);
    const list = await call("GET", "/api/admin/backups");
    expect(list.json()).toMatchObject({ unavailable: null, backups: [made.json()] });
    expect((await call("GET", "/api/admin/backups", plain)).statusCode).toBe(403);
    expect((await call("POST", `/api/admin/backups/${made.json().name}/restore`, plain)).statusCode).toBe(
      403,
    );
  });

  it("refuses a bad name, an unknown backup and a damaged archive, changing nothing", async () => {
    await t.createUser({ username: "depois" });
    const bad = await call("POST", "/api/admin/backups/..%2Fpglite/restore");
    expect(bad.statusCode).toBe(400);
    const unknown = await call(
      "POST",
      "/api/admin/backups/stock-monitor-2020-01-01T00-00-00-000Z.tar.gz/restore",
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Backup não encontrado");
    const damaged = "stock-monitor-2021-01-01T00-00-00-000Z.tar.gz";
    fs.writeFileSync(path.join(backupDirOf(dataDir), damaged), "isto não é um tar.gz");
    const refused = await call("POST", `/api/admin/backups/${damaged}/restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain("nada foi alterado");
    fs.rmSync(path.join(backupDirOf(dataDir), damaged));
    expect(await names()).toEqual(["antes", "chefe", "depois"]);
  });

  it("puts the backup in place while serving: requests meanwhile answer 200 or 503, never 500; the old data is kept aside", async () => {
    const [backup] = (await call("GET", "/api/admin/backups")).json().backups;
    const restore = call("POST", `/api/admin/backups/${backup.name}/restore`);
    const meanwhile = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await new Promise((r) => setTimeout(r, i * 25));
        return (await call("GET", "/api/user", plain)).statusCode;
      }),
    );
    const done = await restore;
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ takenAt: backup.takenAt });
    for (const status of meanwhile) expect([200, 503]).toContain(status);
    // the backup's world: "depois" came after it; both sessions were in it and still work
    expect(await names()).toEqual(["antes", "chefe"]);
    expect((await call("GET", "/api/user", plain)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/users")).statusCode).toBe(200);
    const kept = fs.readdirSync(dataDir).filter((n) => n.startsWith("pglite.before-restore-"));
    expect(kept).toHaveLength(1);
    // writes go on in the restored folder
    await t.createUser({ username: "novo" });
    expect(await names()).toEqual(["antes", "chefe", "novo"]);
  });
});

describe("backups on a database with no folder of its own", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    await t.createUser({ username: "chefe", role: "admin" });
  });
  afterAll(() => t.close());

  it("says why there are none and refuses to make one", async () => {
    const admin = await t.login("chefe");
    const list = await t.app.inject({ method: "GET", url: "/api/admin/backups", headers: { cookie: admin } });
    expect(list.json()).toEqual({
      unavailable: "A base de dados embutida está em memória: não há backups a restaurar",
      backups: [],
    });
    const made = await t.app.inject({
      method: "POST",
      url: "/api/admin/backups",
      headers: { cookie: admin },
    });
    expect(made.statusCode).toBe(400);
  });
});
