import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { asc } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import { hashPassword } from "../src/services/passwords.js";
import { createTestApp, createTestDatabase, type DbKind, dbKinds, PASSWORD } from "./harness.js";

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
 * An installation as it was before the username rules: migrated up to (not including) `tag`,
 * holding `names`, then opened as the server opens it at start (which runs the rest).
 */
async function installationBefore(kind: DbKind, tag: string, names: string[]) {
  const folder = migrationsBefore(tag);
  const values = names.map((n) => `('${n.replaceAll("'", "''")}', 'x')`).join(", ");
  const insert = `insert into users (username, password_hash) values ${values}`;
  const cleanup: (() => Promise<void>)[] = [async () => fs.rmSync(folder, { recursive: true })];
  if (kind === "pglite") {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-usernames-"));
    cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const client = await PGlite.create(path.join(dataDir, "pglite"));
    await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
    await client.exec(insert);
    await client.close();
    return { open: () => openDatabase({ dataDir, pgliteThread: false }), cleanup };
  }
  // a scratch PostgreSQL database, emptied of the harness's schema and migrated by hand
  const scratch = await createTestDatabase("postgres");
  const url = scratch.url!;
  await scratch.db.execute("drop schema public cascade; create schema public; drop schema drizzle cascade");
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg(pool), { migrationsFolder: folder });
  await pool.query(insert);
  await pool.end();
  cleanup.push(() => scratch.close());
  return { open: () => openDatabase({ databaseUrl: url, poolSize: 2 }), cleanup };
}

describe.each(dbKinds())("username migrations on an existing installation (%s)", (kind) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.reverse()) await step();
    cleanup = [];
  });

  it("0004 applies where two names differ only in case: the oldest keeps its name, the others get their id", async () => {
    const install = await installationBefore(kind, "0004", ["ana", "Ana", "ana-2", "ANA", "rui"]);
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .orderBy(asc(users.id));
    expect(rows.map((r) => r.username)).toEqual(["ana", "Ana-2-2", "ana-2", "ANA-4", "rui"]);
    // and the rule now holds
    await expect(database.db.insert(users).values({ username: "RUI", passwordHash: "x" })).rejects.toThrow();
  }, 120_000); // two starts of an embedded database on disk

  it("0022 gives names stored before the rules their one spelling, so their owners can log in by typing them", async () => {
    // josé in NFC, then in NFD (a Mac keyboard's), a name with spaces around it, full-width letters
    const install = await installationBefore(kind, "0022", [
      "josé",
      "jose\u0301",
      " marta ",
      "ｆｕｌｖａｎｏ",
    ]);
    cleanup = install.cleanup;
    const database = await install.open();
    cleanup.push(() => database.close());
    const rows = await database.db.select({ username: users.username }).from(users).orderBy(asc(users.id));
    expect(rows.map((r) => r.username)).toEqual(["josé", "josé-2", "marta", "fulvano"]);
    const app = await createTestApp(kind, { database });
    cleanup.push(() => app.close());
    await database.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
    for (const username of ["Marta", "fulvano", "JOSÉ-2"]) {
      const res = await app.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username, password: PASSWORD },
      });
      expect(res.statusCode, username).toBe(200);
    }
  }, 120_000);
});
