import { spawn } from "node:child_process";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { createTestApp, createTestDatabase, type TestApp } from "./harness.js";

/**
 * Issue 27, item 1: every database statement has a total deadline (DB_STATEMENT_TIMEOUT_MS), and
 * SIGTERM ends the process whatever the database thread does (SHUTDOWN_GRACE_MS). The embedded
 * database's stuck thread is in server/src/db/pglite-thread.test.ts and disk-full.test.ts.
 */
describe.skipIf(!process.env.TEST_PG_URL)("PostgreSQL statements past their deadline", () => {
  let scratch: Database & { url?: string };
  let database: Database;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    scratch = await createTestDatabase("postgres");
    database = await openDatabase({ databaseUrl: scratch.url, poolSize: 3, statementTimeoutMs: 1_000 });
    t = await createTestApp("postgres", { database });
    await t.createUser({ username: "ana" });
    cookie = await t.login("ana");
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await scratch?.close();
  });

  it("a request whose statement waits on a row another connection holds is answered 503, in Portuguese", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/inventory",
      headers: { cookie },
      payload: { name: "Boné", price: "10" },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const holder = new pg.Client({ connectionString: scratch.url });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select * from inventory_items where id = $1 for update", [id]);
      const blocked = await t.app.inject({
        method: "PATCH",
        url: `/api/inventory/${id}`,
        headers: { cookie },
        payload: { name: "Boné azul" },
      });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json().message).toBe(
        "A base de dados não respondeu a tempo. Tente novamente dentro de momentos.",
      );
      expect(blocked.headers["retry-after"]).toBe("5");
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    const after = await t.app.inject({
      method: "PATCH",
      url: `/api/inventory/${id}`,
      headers: { cookie },
      payload: { name: "Boné azul" },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().name).toBe("Boné azul");
  });
});

describe("shutdown with a stuck database thread", () => {
  it("SIGTERM ends the process after SHUTDOWN_GRACE_MS although the database never closes", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "processes/stuck-database.ts"), "1000"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("ocupado")) resolve();
      });
      child.on("exit", () => reject(new Error(`terminou antes de começar: ${stderr}`)));
    });
    child.kill("SIGTERM");
    expect(await exited).toBe(1);
    expect(stderr).toMatch(/Encerramento: 1000 ms passaram sem tudo fechar; a sair mesmo assim/);
  });
});
