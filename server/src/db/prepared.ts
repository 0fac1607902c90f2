import pg from "pg";
import type { PreparedParam } from "./pglite-protocol.js";
import { PGliteThread } from "./pglite-thread.js";
import type { Db } from "./client.js";

export type Row = Record<string, unknown>;

export interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * The driver under the ORM, for the engine's hot paths: the node-postgres pool and PGlite both
 * answer `query(text, params)`, and building those statements through the ORM cost more CPU than
 * running them.
 */
export const rawClient = (db: Db): RawClient => (db as unknown as { $client: RawClient }).$client;

/**
 * Runs one of the engine's hot statements (dozens a second) as a named prepared statement, so the
 * database parses and plans it once per connection rather than at every run: on the embedded
 * database that halved a lease's cost. `name` must always go with the same `sql`. PostgreSQL's
 * pool (node-postgres) prepares it on each connection the first time it runs there; the PGlite
 * thread keeps its own (pglite-worker.mjs); an in-process PGlite (tests) runs it unnamed.
 */
export function queryPrepared(
  db: Db,
  name: string,
  sql: string,
  params: PreparedParam[],
): Promise<{ rows: Row[] }> {
  const client = rawClient(db);
  if (client instanceof PGliteThread) return client.queryPrepared<Row>(name, sql, params);
  if (client instanceof pg.Pool) return client.query<Row>({ name, text: sql, values: params });
  return client.query(sql, params);
}
