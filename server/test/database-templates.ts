import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { buildMigratedTemplate } from "./harness.js";

/**
 * Vitest's global setup: the migrated templates of the test databases, built once for the whole
 * run. The embedded one is a tarball each test process reads by its file's name (PGLITE_TEMPLATE);
 * on PostgreSQL a migrated database that each scratch database copies (TEST_PG_TEMPLATE).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-pglite-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await buildMigratedTemplate()));
  process.env.PGLITE_TEMPLATE = file;
  const adminUrl = process.env.TEST_PG_URL;
  const template = adminUrl ? await createPostgresTemplate(adminUrl) : null;
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && template) await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
  };
}

async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `sm_template_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // migrated, then closed: a database being copied must have no one connected
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.close();
  process.env.TEST_PG_TEMPLATE = name;
  return name;
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
