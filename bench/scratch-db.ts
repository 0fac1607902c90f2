import pg from "pg";
import { type Database, openDatabase } from "../server/src/db/client.js";

/**
 * A database of a benchmark's own: PGlite in memory, or a PostgreSQL database created on the server
 * of `pgUrl` (its address in `url`, for child processes) and dropped by `drop()`.
 */
export async function scratchDatabase(
  kind: string,
  opts: { pgUrl: string; prefix: string; poolSize?: number },
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase({ dataDir: null });
    return { database, url: null, drop: () => database.close() };
  }
  const name = `${opts.prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: opts.pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(opts.pgUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: opts.poolSize ?? 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: opts.pgUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
