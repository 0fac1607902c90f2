import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "../project-root.js";
import { type ChangeFeed, type FeedScope, pgliteChangeFeed, postgresChangeFeed } from "./change-feed.js";
import { pgliteBinaries } from "./pglite-binaries.js";
import { embeddedServerSettings } from "./pglite-settings.js";
import { type EmbeddedDatabase, PGliteThread } from "./pglite-thread.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** a query runner: the database or an open transaction */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** the embedded engine itself, for backups (dumpDataDir); absent on PostgreSQL */
  pglite?: EmbeddedDatabase;
  /** committed changes per table, for the caches of the web process (started by buildApp) */
  changes: ChangeFeed;
  close(): Promise<void>;
}

/** DB_STATEMENT_TIMEOUT_MS's default: every statement answers within it or fails with a 503 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

const migrationsFolder = path.join(projectRoot, "server/src/db/migrations");

/**
 * `dataDir` null keeps PGlite in memory (tests). PGlite runs in a worker thread unless `pgliteThread`
 * is false (then its statements run on the caller's event loop, as the test that proves the
 * difference needs).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string | null;
  poolSize?: number;
  pgliteThread?: boolean;
  /** the embedded database's shared_buffers (PGLITE_SHARED_BUFFERS_MB) */
  pgliteSharedBuffersMb?: number;
  /** every statement's deadline after the migrations (DB_STATEMENT_TIMEOUT_MS); 0: none */
  statementTimeoutMs?: number;
  /**
   * a new embedded database (in memory, or a data directory without a cluster yet) starts as a copy
   * of this dumpDataDir("none") tarball (the tests' migrated template) instead of an empty cluster;
   * the migrations then find nothing to do
   */
  pgliteTemplate?: ArrayBuffer;
  /**
   * the notifications this process listens to on PostgreSQL ("engine": a worker's, the engine's
   * wake-ups alone); the embedded database has one process, which hears everything
   */
  notifications?: FeedScope;
}): Promise<Database> {
  const statementTimeoutMs = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  if (opts.databaseUrl) {
    // migrations may rewrite a big table: they run on a connection of their own, without the deadline
    const migrations = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    try {
      await migratePg(drizzlePg(migrations, { schema }) as never, { migrationsFolder });
    } finally {
      await migrations.end();
    }
    const deadlines =
      statementTimeoutMs > 0
        ? {
            // the server cancels the statement (57014); the client gives up a moment later if even
            // the cancel does not come back, and does not wait longer than that for a connection
            statement_timeout: statementTimeoutMs,
            query_timeout: statementTimeoutMs + 1_000,
            connectionTimeoutMillis: statementTimeoutMs,
          }
        : {};
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, ...deadlines });
    // an idle connection closed by the server (restart, idle timeout) must not crash the process;
    // the pool drops it and the next query opens a new one
    pool.on("error", (err) => console.warn(`PostgreSQL: ligação inativa perdida (${err.message})`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const changes = postgresChangeFeed(opts.databaseUrl, opts.notifications);
    return {
      db,
      kind: "postgres",
      changes,
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }
  const postgresqlconf = embeddedServerSettings(opts.pgliteSharedBuffersMb);
  const hasCluster = (dir: string | null) => dir !== null && fs.existsSync(path.join(dir, "PG_VERSION"));
  const open = async (dir: string | null): Promise<EmbeddedDatabase> => {
    const loadDataDir = hasCluster(dir) ? undefined : opts.pgliteTemplate;
    if (opts.pgliteThread !== false) return PGliteThread.open(dir, postgresqlconf, { loadDataDir });
    const { fsBundle, ...modules } = await pgliteBinaries();
    return PGlite.create({
      dataDir: dir ?? undefined,
      postgresqlconf,
      ...modules,
      fsBundle: fsBundle ? new Blob([fsBundle]) : undefined,
      loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
    });
  };
  let client: EmbeddedDatabase;
  if (opts.dataDir) {
    const dir = path.join(opts.dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // new files: owner only (PGlite creates them 0666 less the umask, which is the process's and
    // so also the worker thread's); existing ones: fixed now
    process.umask(0o077);
    makePrivate(dir);
    if (opts.pgliteThread !== false && !opts.pgliteTemplate && !hasCluster(dir)) {
      // A new cluster's initdb and first migrations grow the thread's WebAssembly memory to ~600 MB,
      // which it never gives back: they run in a thread of their own that ends with them.
      const first = await open(dir);
      await migrateEmbedded(drizzlePglite(first as PGlite, { schema }) as unknown as Db);
      await first.close();
    }
    client = await open(dir);
    makePrivate(dir);
  } else {
    client = await open(null);
  }
  // the driver only calls query() and transaction(), which the thread's stand-in forwards
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  await migrateEmbedded(db);
  if (client instanceof PGliteThread) client.setStatementTimeout(statementTimeoutMs);
  const changes = pgliteChangeFeed(client);
  return {
    db,
    kind: "pglite",
    pglite: client,
    changes,
    close: async () => {
      await changes.close();
      await client.close();
      // files PGlite wrote with its own modes (pg_internal.init is 0644); the 0700 folder
      // already keeps others out while it runs
      if (opts.dataDir) makePrivate(path.join(opts.dataDir, "pglite"));
    },
  };
}

/** the embedded database's migrations (at open, and after a backup from an older version is restored) */
export async function migrateEmbedded(db: Db): Promise<void> {
  await migratePglite(db as never, { migrationsFolder });
}

/** folders 0700 and files 0600 under `root`: the database holds users and sessions */
export function makePrivate(root: string): void {
  const st = fs.lstatSync(root);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) {
    fs.chmodSync(root, 0o700);
    for (const name of fs.readdirSync(root)) makePrivate(path.join(root, name));
  } else if ((st.mode & 0o077) !== 0) {
    fs.chmodSync(root, st.mode & 0o700);
  }
}
