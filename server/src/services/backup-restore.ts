import path from "node:path";
import { type Database, makePrivate, migrateEmbedded } from "../db/client.js";
import { PGliteThread } from "../db/pglite-thread.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import {
  backupDirOf,
  DEFAULT_EXPANSION_BOUNDS,
  listBackups,
  prepareRestore,
  putRestoreInPlace,
  writeBackup,
} from "./backup.js";

export interface BackupEntry {
  name: string;
  takenAt: string;
  bytes: number;
}

/** why the running server cannot back up or restore itself, or null when it can */
export function restoreUnavailable(database: Database, dataDir: string | null): string | null {
  if (database.kind !== "pglite") {
    return "Com PostgreSQL, os backups fazem-se com pg_dump e restauram-se com pg_restore";
  }
  const thread = database.pglite;
  if (!dataDir || !(thread instanceof PGliteThread) || thread.folder !== path.join(dataDir, "pglite")) {
    return "A base de dados embutida está em memória: não há backups a restaurar";
  }
  return null;
}

export function backupEntries(dataDir: string): BackupEntry[] {
  return listBackups(backupDirOf(dataDir)).map((b) => ({
    name: path.basename(b.file),
    takenAt: b.takenAt.toISOString(),
    bytes: b.bytes,
  }));
}

export async function backupNow(database: Database, dataDir: string): Promise<BackupEntry> {
  const unavailable = restoreUnavailable(database, dataDir);
  if (unavailable) throw badRequest(unavailable);
  const file = await writeBackup(database.pglite!, backupDirOf(dataDir));
  const entry = backupEntries(dataDir).find((b) => b.name === path.basename(file));
  if (!entry) throw new Error("o backup escrito não aparece na pasta");
  return entry;
}

let restoring = false;

/**
 * Puts one of DATA_DIR/backups in place of the running embedded database: checked in a scratch
 * folder first (a bad archive changes nothing), then the database closes, the folders swap (the
 * current one kept as pglite.before-restore-<time>), it opens again and migrates. Sessions are
 * those of the backup: whoever is not in it is signed out.
 */
export async function restoreRunning(
  database: Database,
  dataDir: string | null,
  name: string,
): Promise<{ takenAt: string; previousKept: boolean }> {
  const unavailable = restoreUnavailable(database, dataDir);
  if (unavailable || !dataDir) throw badRequest(unavailable ?? "Sem pasta de dados");
  const entry = listBackups(backupDirOf(dataDir)).find((b) => path.basename(b.file) === name);
  if (!entry) throw notFound("Backup não encontrado");
  if (restoring) throw conflict("Já está a ser restaurado um backup");
  restoring = true;
  try {
    const prepared = await prepareRestore(entry.file, dataDir, DEFAULT_EXPANSION_BOUNDS).catch(
      (error: Error) => {
        throw badRequest(error.message);
      },
    );
    const thread = database.pglite as PGliteThread;
    let previous: string | null = null;
    await thread.swapDataDir(() => {
      previous = putRestoreInPlace(prepared);
    });
    const timeout = thread.statementTimeout;
    thread.setStatementTimeout(0); // migrations may rewrite a big table
    try {
      await migrateEmbedded(database.db);
    } finally {
      thread.setStatementTimeout(timeout);
    }
    makePrivate(prepared.target);
    return { takenAt: entry.takenAt.toISOString(), previousKept: previous !== null };
  } finally {
    restoring = false;
  }
}
