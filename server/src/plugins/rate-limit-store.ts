import type { Conn } from "../db/client.js";
import { rateLimitHitsRepository as hits } from "../repositories/rate-limit-hits.js";

/** old windows are deleted by the first hit after this long (per process) */
const PRUNE_EVERY_MS = 60 * 1000;
/** no limit in use has a longer window */
const LONGEST_WINDOW_MS = 60 * 60 * 1000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the database, so every web process on it shares
 * one count per key (its own store counts per process, in memory). Each route gets its own keys.
 */
export function databaseRateLimitStore(db: Conn, now = () => Date.now()) {
  const prune = { at: Number.NEGATIVE_INFINITY };
  return class DatabaseRateLimitStore {
    /** `_options`: the plugin's, which this store does not need; `route`: the prefix of its keys */
    constructor(
      _options?: unknown,
      private readonly route = "",
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      void this.count(`${this.route}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    private async count(key: string, windowMs: number) {
      const at = now();
      if (at - prune.at >= PRUNE_EVERY_MS) {
        prune.at = at;
        await hits.prune(db, new Date(at - LONGEST_WINDOW_MS));
      }
      const row = await hits.hit(db, key, new Date(at), windowMs);
      return { current: row.hits, ttl: Math.max(0, row.windowStarted.getTime() + windowMs - at) };
    }

    /** the plugin passes the route's merged limit options, its route under `routeInfo` */
    child(params: unknown) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(
        undefined,
        `${[route?.method].flat().join(",")} ${route?.url ?? ""} `,
      );
    }
  };
}
