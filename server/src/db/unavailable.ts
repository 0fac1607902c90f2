/**
 * The two ways a database statement fails for the server's sake rather than the request's: the
 * database did not answer within its deadline (or is reopening after one), and the disk is full.
 * The error handler answers them 503 and 507 in Portuguese; nothing else should match them.
 */

/** no answer within DB_STATEMENT_TIMEOUT_MS, or the embedded database is being reopened */
export class DatabaseUnavailableError extends Error {
  readonly code = "SM_DB_UNAVAILABLE";
  constructor(
    message: string,
    /** what made it unavailable, for the log and /api/health */
    readonly reason: "timeout" | "disk-full" | "reopening" = "timeout",
  ) {
    super(message);
    this.name = "DatabaseUnavailableError";
  }
}

/** the error and its causes (drizzle wraps the driver's error in `cause`) */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; errno?: unknown }> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    yield current as { code?: unknown; message?: unknown };
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL's disk_full (53100), a file system's ENOSPC, or PGlite's own words for them */
export function isDiskFull(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e.code === "53100" || e.code === "ENOSPC") return true;
    if (e instanceof DatabaseUnavailableError && e.reason === "disk-full") return true;
    if (typeof e.message === "string" && /No space left on device/i.test(e.message.slice(-500))) return true;
  }
  return false;
}

/**
 * Our own deadline, PostgreSQL's statement_timeout (57014 query_canceled), node-postgres's
 * query_timeout and pool connection timeout, and a server that is shutting down or unreachable.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e instanceof DatabaseUnavailableError) return true;
    if (e.code === "57014" || e.code === "57P01" || e.code === "57P03" || e.code === "ECONNREFUSED")
      return true;
    if (
      typeof e.message === "string" &&
      /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated)/.test(e.message)
    )
      return true;
  }
  return false;
}
