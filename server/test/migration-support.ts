import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openDatabase } from "../src/db/client.js";
import { createTestDatabase, type DbKind } from "./harness.js";

const migrations = path.join(import.meta.dirname, "../src/db/migrations");

/** a copy of the migrations folder whose journal stops before `tag` */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  fs.cpSync(migrations, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < tag);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

/**
 * An installation as it was before migration `tag`: migrated up to (not including) it, holding
 * what `seed` (SQL) writes, then opened as the server opens it at start (which runs the rest).
 */
export async function installationBefore(kind: DbKind, tag: string, seed: string) {
  const folder = migrationsBefore(tag);
  const cleanup: (() => Promise<void>)[] = [async () => fs.rmSync(folder, { recursive: true })];
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-before-"));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const client = await PGlite.create(path.join(dataDir, "pglite"));
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await client.exec(seed);
    await client.close();
    return { open: () => openDatabase({ dataDir, pgliteThread: false }), cleanup };
  }
  // a scratch PostgreSQL database, emptied of the harness's schema and migrated by hand
  const scratch = await createTestDatabase("postgres");
  const url = scratch.url!;
  await scratch.db.execute("drop schema public cascade; create schema public; drop schema drizzle cascade");
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  await pool.query(seed);
  await pool.end();
  cleanup.push(() => scratch.close());
  return { open: () => openDatabase({ databaseUrl: url, poolSize: 2 }), cleanup };
}
