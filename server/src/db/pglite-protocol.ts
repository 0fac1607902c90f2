/** What the main thread asks the PGlite thread (pglite-worker.mjs) and what it answers. */

/** PGlite's query options that can cross a thread: parsers are reduced to the types left as text */
export interface WireQueryOptions {
  rowMode?: "object" | "array";
  /** type OIDs whose values stay the text PostgreSQL sent (drizzle's parsers for dates and intervals) */
  textTypes?: number[];
  paramTypes?: number[];
}

/** a prepared statement's parameter, sent as PostgreSQL's text for it (null: SQL null) */
export type PreparedParam = string | number | null;

export type Request =
  | { op: "query"; sql: string; params?: unknown[]; options?: WireQueryOptions; tx?: number }
  | { op: "exec"; sql: string; tx?: number }
  /** a hot statement kept parsed under `name` (db/prepared.ts); never inside a transaction */
  | { op: "prepared"; name: string; sql: string; params: PreparedParam[] }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "dump"; compression: "none" | "gzip" | "auto" }
  | { op: "close" };

export type Call = Request & { id: number };

/** an error's name, message and primitive fields (a DatabaseError's code, detail, constraint…) */
export type WireError = { name: string; message: string } & Record<string, string | number | boolean>;

export type Message =
  | { id: number; value: unknown }
  | { id: number; error: WireError }
  | { notify: string; payload: string }
  /** posted every few hundred ms while calls are in flight: the thread is not stuck */
  | { beat: true }
  /** the thread opened its database; `failed` when it could not */
  | { ready: true }
  | { failed: WireError };

export function fromWireError(wire: WireError): Error {
  const { name, message, ...fields } = wire;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
