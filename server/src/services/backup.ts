import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client.js";
import type { EmbeddedDatabase } from "../db/pglite-thread.js";
import { type DiskFloors, freeDiskMb } from "./disk-space.js";
import { getSystemSettings } from "./settings.js";

/**
 * Automatic backups of the embedded database (Sistema → "Backup automático"): a gzip tarball of
 * PGlite's data directory every backupInterval hours in DATA_DIR/backups, keeping maxBackupFiles.
 * On PostgreSQL the database is not ours to copy: the scheduler says to use pg_dump and writes
 * nothing.
 */

const PREFIX = "stock-monitor-";
const SUFFIX = ".tar.gz";
const HOUR_MS = 3_600_000;

export interface BackupFile {
  file: string;
  takenAt: Date;
  bytes: number;
}

export const backupDirOf = (dataDir: string) => path.join(dataDir, "backups");

/** "2026-11-22T07:19:32.123Z" → "stock-monitor-2026-11-22T07-19-32-123Z.tar.gz": sorts by time */
function fileNameFor(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, "-")}${SUFFIX}`;
}

function timeOf(name: string): Date | null {
  const m = /^stock-monitor-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/.exec(name);
  if (!m) return null;
  return new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
}

/** this app's backups in a folder, newest first; other files there are left alone */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => ({ file: path.join(dir, name), takenAt: timeOf(name) }))
    .filter((b): b is Omit<BackupFile, "bytes"> => b.takenAt !== null)
    .map((b) => ({ ...b, bytes: fs.statSync(b.file).size }))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

export async function writeBackup(
  pglite: Pick<EmbeddedDatabase, "dumpDataDir">,
  dir: string,
  at = new Date(),
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  const dump = await pglite.dumpDataDir("gzip");
  const target = path.join(dir, fileNameFor(at));
  // written aside and renamed, so a crash never leaves a truncated file that looks like a backup
  const partial = `${target}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, target);
  return target;
}

/** deletes all but the `keep` newest backups; returns what it deleted */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(Math.max(keep, 1));
  for (const b of old) fs.rmSync(b.file, { force: true });
  return old.map((b) => b.file);
}

/**
 * How far a backup may expand. PGlite unpacks the whole archive in memory (about three times its
 * expanded size at the peak), so a 4.7 MB archive of zeros expanding to 1 GB took a restore to
 * 3.3 GB. A real data directory expands ~9× (an empty one: 4.7 → 41 MB).
 */
export interface ExpansionBounds {
  /** expanded bytes at most (RESTORE_MAX_MB) */
  maxBytes: number;
  /** expanded ÷ compressed at most */
  maxRatio: number;
}

export const DEFAULT_EXPANSION_BOUNDS: ExpansionBounds = { maxBytes: 2048 * 1024 * 1024, maxRatio: 50 };

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Streams the archive through gunzip counting bytes, held nowhere, and stops at the first byte
 * past the bounds: the refusal costs the bound's time, never its memory.
 */
export async function assertExpansionWithin(file: string, bounds: ExpansionBounds): Promise<void> {
  const compressed = fs.statSync(file).size;
  const limit = Math.min(bounds.maxBytes, Math.max(compressed, 1) * bounds.maxRatio);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  let expanded = gzipped ? 0 : compressed;
  if (gzipped) {
    try {
      await pipeline(
        fs.createReadStream(file),
        zlib.createGunzip(),
        async (chunks: AsyncIterable<Buffer>) => {
          for await (const chunk of chunks) {
            expanded += chunk.length;
            if (expanded > limit) throw new Error("past the bound");
          }
        },
      );
    } catch {
      // past the bound (below), or not gzip after all: PGlite then says it is not a backup
    }
  }
  if (expanded > limit) {
    throw new Error(
      `O backup expande para mais de ${mb(limit)} (${mb(compressed)} comprimido): não parece um backup desta aplicação e não foi aberto; nada foi alterado. Um backup verdadeiro maior pode ser aceite com RESTORE_MAX_MB.`,
    );
  }
}

/** a backup opened and checked in a scratch folder beside DATA_DIR/pglite, ready to take its place */
export interface PreparedRestore {
  scratch: string;
  target: string;
  stamp: string;
}

/**
 * Opens a backup in a scratch folder and checks it holds a readable `users` table. A bad archive
 * leaves the live data where it is and fails with a Portuguese message.
 */
export async function prepareRestore(
  file: string,
  dataDir: string,
  bounds: ExpansionBounds = DEFAULT_EXPANSION_BOUNDS,
): Promise<PreparedRestore> {
  if (!fs.existsSync(file)) throw new Error(`Ficheiro de backup não encontrado: ${file}`);
  await assertExpansionWithin(file, bounds);
  const target = path.join(dataDir, "pglite");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const scratch = `${target}.restoring-${stamp}`;
  fs.mkdirSync(scratch, { recursive: true, mode: 0o700 });
  try {
    const restored = await PGlite.create(scratch, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    try {
      await restored.query("select count(*) from users");
    } finally {
      await restored.close();
    }
  } catch (error) {
    fs.rmSync(scratch, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`O ficheiro não é um backup válido (${reason}); nada foi alterado.`);
  }
  return { scratch, target, stamp };
}

/** moves the live folder aside (pglite.before-restore-<time>, never deleted) and the scratch in */
export function putRestoreInPlace({ scratch, target, stamp }: PreparedRestore): string | null {
  let previousMovedTo: string | null = null;
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    previousMovedTo = `${target}.before-restore-${stamp}`;
    fs.renameSync(target, previousMovedTo);
  } else {
    fs.rmSync(target, { recursive: true, force: true });
  }
  fs.renameSync(scratch, target);
  return previousMovedTo;
}

/**
 * Puts a backup in place of DATA_DIR/pglite. The current directory is kept beside it
 * (pglite.before-restore-<time>), never deleted. The server must be stopped (the command); the
 * running server restores through services/backup-restore.ts.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  bounds: ExpansionBounds = DEFAULT_EXPANSION_BOUNDS,
): Promise<{ restoredTo: string; previousMovedTo: string | null }> {
  const prepared = await prepareRestore(file, dataDir, bounds);
  return { restoredTo: prepared.target, previousMovedTo: putRestoreInPlace(prepared) };
}

interface SchedulerLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(obj: unknown, msg: string): void;
}

export interface BackupScheduler {
  /** writes a backup when one is due at `now`; returns its path, or null */
  runDue(now?: Date): Promise<string | null>;
  stop(): void;
}

/** Reads the Sistema settings at every tick, so a change takes effect within `tickMs`. */
export function startBackupScheduler(opts: {
  database: Database;
  dataDir: string;
  log: SchedulerLog;
  tickMs?: number;
  /** below MIN_FREE_DISK_MB no backup is written: it would take the database's last room */
  floors?: DiskFloors;
}): BackupScheduler {
  const dir = backupDirOf(opts.dataDir);
  let running = false;
  let toldAboutPgDump = false;

  async function runDue(now = new Date()): Promise<string | null> {
    if (running) return null;
    running = true;
    try {
      const settings = await getSystemSettings(opts.database.db);
      if (!settings.enableAutoBackup) {
        toldAboutPgDump = false;
        return null;
      }
      const pglite = opts.database.pglite;
      if (!pglite) {
        if (!toldAboutPgDump) {
          opts.log.warn(
            "Backup automático ligado, mas a base de dados é PostgreSQL: use pg_dump (ver docs/decisions.md, Backups); nada foi escrito",
          );
          toldAboutPgDump = true;
        }
        return null;
      }
      const newest = listBackups(dir)[0];
      if (newest && now.getTime() - newest.takenAt.getTime() < settings.backupInterval * HOUR_MS) return null;
      const floor = opts.floors?.minFreeMb ?? 0;
      const free = floor > 0 ? await freeDiskMb(opts.dataDir) : null;
      if (free !== null && free < floor) {
        opts.log.warn(
          `Backup automático adiado: pouco espaço em disco (${Math.floor(free)} MB livres, mínimo ${floor} MB)`,
        );
        return null;
      }
      const file = await writeBackup(pglite, dir, now);
      const removed = pruneBackups(dir, settings.maxBackupFiles);
      opts.log.info(
        `Backup escrito: ${file}${removed.length ? ` (${removed.length} antigo(s) removido(s))` : ""}`,
      );
      return file;
    } catch (err) {
      opts.log.error({ err }, "Falha no backup automático");
      return null;
    } finally {
      running = false;
    }
  }

  const timer = setInterval(() => void runDue(), opts.tickMs ?? 60_000);
  timer.unref();
  return { runDue, stop: () => clearInterval(timer) };
}
