import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { DEFAULT_SYSTEM_SETTINGS } from "@common/schemas/settings.js";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client.js";
import { users } from "../src/db/schema.js";
import { backupDirOf, listBackups, restoreBackup, startBackupScheduler } from "../src/services/backup.js";
import { saveAppSettings } from "../src/services/settings.js";
import { createTestDatabase, migratedTemplate } from "./harness.js";

const HOUR = 3_600_000;

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (m: string) => lines.push(`info ${m}`),
    warn: (m: string) => lines.push(`warn ${m}`),
    error: (_o: unknown, m: string) => lines.push(`error ${m}`),
  };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sm-backup-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * a data directory's database; a new one is copied from the migrated template (initdb and the
 * migrations cost seconds), one that has its cluster opens as it is
 */
async function openEmbedded(dataDir: string): Promise<Database> {
  return openDatabase({ dataDir, pgliteTemplate: await migratedTemplate() });
}

async function embeddedWithRows(dataDir: string): Promise<Database> {
  const database = await openEmbedded(dataDir);
  await database.db.insert(users).values([
    { username: "ana", passwordHash: "x" },
    { username: "rui", passwordHash: "y", monitorLimit: 7 },
  ]);
  return database;
}

// on-disk PGlite databases with migrations, tarballs and a child process: slow on a busy machine
describe("automatic backups of the embedded database", { timeout: 180_000 }, () => {
  it("writes nothing while auto backup is off", async () => {
    const dataDir = tempDir();
    const database = await embeddedWithRows(dataDir);
    cleanups.push(() => database.close());
    const scheduler = startBackupScheduler({ database, dataDir, log: recordingLog() });
    cleanups.push(() => scheduler.stop());
    expect(await scheduler.runDue()).toBeNull();
    expect(fs.existsSync(backupDirOf(dataDir))).toBe(false);
  });

  it("writes a backup every backupInterval hours, keeps maxBackupFiles, and it restores", async () => {
    const dataDir = tempDir();
    const database = await embeddedWithRows(dataDir);
    cleanups.push(() => database.close());
    await saveAppSettings(database.db, "system", {
      ...DEFAULT_SYSTEM_SETTINGS,
      enableAutoBackup: true,
      backupInterval: 2,
      maxBackupFiles: 2,
    });
    const log = recordingLog();
    const scheduler = startBackupScheduler({ database, dataDir, log });
    cleanups.push(() => scheduler.stop());

    const start = new Date("2026-01-01T10:00:00Z");
    const first = await scheduler.runDue(start);
    expect(first).not.toBeNull();
    expect(path.dirname(first!)).toBe(path.join(dataDir, "backups"));
    expect(path.basename(first!)).toBe("stock-monitor-2026-01-01T10-00-00-000Z.tar.gz");
    expect(fs.statSync(first!).size).toBeGreaterThan(1000);
    // gzip magic number
    expect([...fs.readFileSync(first!).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    // not due again before the interval
    expect(await scheduler.runDue(new Date(start.getTime() + HOUR))).toBeNull();
    expect(listBackups(backupDirOf(dataDir))).toHaveLength(1);

    await database.db.insert(users).values({ username: "eva", passwordHash: "z" });
    await scheduler.runDue(new Date(start.getTime() + 2 * HOUR));
    const last = await scheduler.runDue(new Date(start.getTime() + 4 * HOUR));
    const kept = listBackups(backupDirOf(dataDir));
    expect(kept.map((b) => b.file)).toEqual([last, expect.stringContaining("T12-00-00")]);
    expect(fs.existsSync(first!)).toBe(false);
    expect(log.lines.some((l) => l.startsWith("info Backup escrito"))).toBe(true);

    // restore into another data directory and read the rows back
    const restoreDir = tempDir();
    const result = await restoreBackup(last!, restoreDir);
    expect(result.previousMovedTo).toBeNull();
    const restored = await openDatabase({ dataDir: restoreDir });
    cleanups.push(() => restored.close());
    const rows = await restored.db.select().from(users).orderBy(users.username);
    expect(rows.map((r) => [r.username, r.monitorLimit])).toEqual([
      ["ana", 2],
      ["eva", 2],
      ["rui", 7],
    ]);
  });

  it("restores over an existing data directory, keeping the old one aside", async () => {
    const source = tempDir();
    const database = await embeddedWithRows(source);
    const file = path.join(tempDir(), "stock-monitor-2026-01-01T00-00-00-000Z.tar.gz");
    fs.writeFileSync(file, Buffer.from(await (await database.pglite!.dumpDataDir("gzip")).arrayBuffer()));
    await database.close();

    const target = tempDir();
    const other = await openEmbedded(target);
    await other.db.insert(users).values({ username: "outro", passwordHash: "x" });
    await other.close();

    const result = await restoreBackup(file, target);
    expect(result.previousMovedTo).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(result.previousMovedTo!)).toBe(true);
    const restored = await openDatabase({ dataDir: target });
    cleanups.push(() => restored.close());
    const names = (await restored.db.select().from(users)).map((u) => u.username).sort();
    expect(names).toEqual(["ana", "rui"]);
  });

  it("moves nothing when the archive is not a backup (issue 13, item 5)", async () => {
    const target = tempDir();
    const live = await openEmbedded(target);
    await live.db.insert(users).values({ username: "vivo", passwordHash: "x" });
    await live.close();
    const before = fs.readdirSync(target).sort();
    const garbage = path.join(tempDir(), "garbage.tar.gz");
    fs.writeFileSync(garbage, "isto não é um backup");
    await expect(restoreBackup(garbage, target)).rejects.toThrow(/backup/i);
    expect(fs.readdirSync(target).sort()).toEqual(before);
    // the template is for a folder without a cluster: given for one that has its own, it is ignored
    const reopened = await openEmbedded(target);
    cleanups.push(() => reopened.close());
    expect((await reopened.db.select().from(users)).map((u) => u.username)).toEqual(["vivo"]);
  });

  it("refuses an archive that expands past its bound without unpacking it (issue 27, item 11)", async () => {
    const target = tempDir();
    const live = await openEmbedded(target);
    await live.db.insert(users).values({ username: "vivo", passwordHash: "x" });
    await live.close();
    const before = fs.readdirSync(target).sort();
    // 256 MB of zeros in ~1 MB: the shape of the probe's 4.7 MB → 1 GB archive
    const bomb = path.join(tempDir(), "stock-monitor-2026-01-01T00-00-00-000Z.tar.gz");
    const zeros = Buffer.alloc(1024 * 1024);
    await pipeline(
      Readable.from(
        (function* () {
          for (let i = 0; i < 256; i++) yield zeros;
        })(),
      ),
      zlib.createGzip({ level: 1 }),
      fs.createWriteStream(bomb),
    );
    await expect(restoreBackup(bomb, target)).rejects.toThrow(/expande para mais de .*nada foi alterado/);
    // the absolute bound holds whatever the ratio
    await expect(
      restoreBackup(bomb, target, { maxBytes: 64 * 1024 * 1024, maxRatio: Number.POSITIVE_INFINITY }),
    ).rejects.toThrow(/expande para mais de 64 MB/);
    expect(fs.readdirSync(target).sort()).toEqual(before);
  });

  it("restores through `npm run restore -- <file>`", async () => {
    const source = tempDir();
    const database = await embeddedWithRows(source);
    const scheduler = startBackupScheduler({ database, dataDir: source, log: recordingLog() });
    await saveAppSettings(database.db, "system", { ...DEFAULT_SYSTEM_SETTINGS, enableAutoBackup: true });
    const file = await scheduler.runDue();
    scheduler.stop();
    await database.close();

    const target = tempDir();
    const out = execFileSync("npm", ["run", "--silent", "restore", "--", file!], {
      env: { ...process.env, DATA_DIR: target, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(out).toContain("Backup restaurado em");
    const restored = await openDatabase({ dataDir: target });
    cleanups.push(() => restored.close());
    expect(await restored.db.$count(users)).toBe(2);
  });
});

describe.runIf(process.env.TEST_PG_URL)("automatic backups on PostgreSQL", () => {
  it("writes nothing and says to use pg_dump, once", async () => {
    const dataDir = tempDir();
    const database = await createTestDatabase("postgres");
    cleanups.push(() => database.close());
    await saveAppSettings(database.db, "system", { ...DEFAULT_SYSTEM_SETTINGS, enableAutoBackup: true });
    const log = recordingLog();
    const scheduler = startBackupScheduler({ database, dataDir, log });
    cleanups.push(() => scheduler.stop());
    expect(await scheduler.runDue()).toBeNull();
    expect(await scheduler.runDue()).toBeNull();
    expect(fs.existsSync(backupDirOf(dataDir))).toBe(false);
    expect(log.lines.filter((l) => l.includes("pg_dump"))).toHaveLength(1);
  });
});
