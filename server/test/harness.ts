import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import type { Resolver } from "../src/net/address-guard.js";
import { type Database, openDatabase } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import type { EngineHandle } from "../src/engine/handle.js";
import { hashPassword } from "../src/services/passwords.js";
import { migratedTemplate } from "./pglite-template.js";

export { buildMigratedTemplate, migratedTemplate } from "./pglite-template.js";

export type DbKind = "pglite" | "postgres";

/**
 * The databases every API suite runs on: the embedded one always, and the PostgreSQL server when
 * TEST_PG_URL names one (scripts/test.mjs sets it when 127.0.0.1:5432 answers).
 */
export function dbKinds(): DbKind[] {
  return process.env.TEST_PG_URL ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * A fresh database: PGlite in memory, or a scratch PostgreSQL database dropped on close (`url`
 * lets a test open it again, as another process would).
 */
export async function createTestDatabase(kind: DbKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") return openDatabase({ dataDir: null, pgliteTemplate: await migratedTemplate() });
  const adminUrl = process.env.TEST_PG_URL!;
  const name = `sm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // a copy of the run's migrated template when there is one (database-templates.ts): no migrations to run
  const template = process.env.TEST_PG_TEMPLATE;
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: "test" }), ...overrides };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** creates a user and returns its id */
  createUser(opts: {
    username: string;
    password?: string;
    role?: "admin" | "user";
    monitorLimit?: number;
  }): Promise<number>;
  /** logs in and returns the Cookie header value */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export const PASSWORD = "segredo123";

export async function createTestApp(
  kind: DbKind,
  opts: { config?: Partial<Config>; engine?: EngineHandle; database?: Database; resolve?: Resolver } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase(kind));
  const app = await buildApp({
    database,
    config: testConfig(opts.config),
    engine: opts.engine,
    resolve: opts.resolve,
    clientDir: null,
  });
  await app.ready();
  let loginCount = 0;
  return {
    app,
    database,
    async createUser({ username, password = PASSWORD, role = "user", monitorLimit = 2 }) {
      const [row] = await database.db
        .insert(users)
        .values({ username, passwordHash: await hashPassword(password), role, monitorLimit })
        .returning({ id: users.id });
      return row.id;
    },
    async login(username, password = PASSWORD) {
      // each helper login comes from its own address so the per-IP login limit never trips a suite
      loginCount += 1;
      const remoteAddress = `10.${(loginCount >> 16) & 255}.${(loginCount >> 8) & 255}.${loginCount & 255}`;
      const res = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username, password },
        remoteAddress,
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === "sid");
      return `sid=${cookie!.value}`;
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/** polls until the assertion stops throwing (real time passes: the engine works at 1 s intervals) */
export async function eventually<T>(fn: () => Promise<T> | T, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}

/** a CSV answer's lines without the byte-order mark, each split into cells (the books' exports) */
export const csvCells = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((line) => line.split(";"));
