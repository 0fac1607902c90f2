import pg from "pg";
import type { EmbeddedDatabase } from "./pglite-thread.js";

/** the channel the tables' triggers announce changes on (migration 0001_data_change_notify) */
export const CHANGE_CHANNEL = "data_changed";

/** the channel products announce their owner's visible changes on (migration 0019, JSON payloads) */
export const PRODUCT_CHANNEL = "product_status";

/** the channel products that need the engine sooner wake it on (migration 0134, no payload) */
export const ENGINE_CHANNEL = "engine_work";

/**
 * Told each payload of PRODUCT_CHANNEL, and null when the feed (re)starts listening: whatever
 * happened while it was not is unknown, so listeners treat null as "anything may have changed".
 */
export type ProductListener = (payload: string | null) => void;

/**
 * What a process listens to: everything (a web process, with or without the engine), or the
 * engine's wake-ups alone (`npm run worker`: it serves no cached answer and no live page, so the
 * web's notifications, one or two for every batch of checks any process writes, would only wake it)
 */
export type FeedScope = "all" | "engine";

/** the tables whose changes are announced; a cached answer names the ones it was built from */
export type TableName =
  | "users"
  | "sessions"
  | "api_tokens"
  | "products"
  | "activity_logs"
  | "inventory_items"
  | "sales"
  | "expenses"
  | "fee_presets"
  | "financial_metrics"
  | "app_settings"
  | "user_settings";

/**
 * A version number per table, raised by every committed change the database announces. Caches
 * store the versions an answer was built from and trust it only while they are unchanged.
 * While the feed is not listening (not started, or its connection lost) `live` is false and
 * nothing may be served from a cache.
 */
export class ChangeFeed {
  private readonly versions = new Map<string, number>();
  /** raised when anything may have changed: start, reconnection, a write request of this process */
  private epoch = 0;
  live = false;
  private stopListening: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;
  private readonly productListeners = new Set<ProductListener>();
  private readonly engineListeners = new Set<() => void>();
  /** stamps given while the tables' changes are not heard */
  private unheard = 0;

  constructor(
    private readonly listen: (feed: ChangeFeed) => Promise<() => Promise<void>>,
    readonly scope: FeedScope = "all",
  ) {}

  /**
   * a string that changes whenever one of the tables (or everything) changes; a feed that does not
   * hear the tables gives a new one every time, so nothing is taken as unchanged
   */
  stamp(tables: readonly TableName[]): string {
    if (this.scope === "engine") return `unheard.${++this.unheard}`;
    let s = String(this.epoch);
    for (const t of tables) s += `.${this.versions.get(t) ?? 0}`;
    return s;
  }

  changed(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  changedAll(): void {
    this.epoch++;
  }

  /** listens to the products' owner events (live updates); returns the unsubscribe */
  onProductEvent(listener: ProductListener): () => void {
    this.productListeners.add(listener);
    return () => this.productListeners.delete(listener);
  }

  /**
   * listens for products that need the engine sooner (new, edited, turned on, "verificar agora"),
   * also told when the feed (re)starts listening, as anything may have changed; returns the unsubscribe
   */
  onEngineWork(listener: () => void): () => void {
    this.engineListeners.add(listener);
    return () => this.engineListeners.delete(listener);
  }

  engineWork(): void {
    for (const listener of this.engineListeners) listener();
  }

  productEvent(payload: string | null): void {
    for (const listener of this.productListeners) {
      try {
        listener(payload);
      } catch (err) {
        // one listener's fault must not keep the others, or the caches, from hearing
        console.warn(`Aviso de produto não tratado: ${(err as Error).message}`);
      }
    }
  }

  /** starts listening once; later calls wait for the same start */
  start(): Promise<void> {
    this.starting ??= this.listen(this).then((stop) => {
      this.stopListening = stop;
    });
    return this.starting;
  }

  async close(): Promise<void> {
    this.live = false;
    await this.starting?.catch(() => {});
    await this.stopListening?.();
  }
}

/**
 * PGlite runs in this process and calls listeners before the writing query resolves (from its
 * worker thread the notification is posted before the answer, so it still arrives first)
 */
export function pgliteChangeFeed(client: EmbeddedDatabase): ChangeFeed {
  return new ChangeFeed(async (feed) => {
    const unlisten = await client.listen(CHANGE_CHANNEL, (table) => feed.changed(table));
    const unlistenProducts = await client.listen(PRODUCT_CHANNEL, (payload) => feed.productEvent(payload));
    const unlistenEngine = await client.listen(ENGINE_CHANNEL, () => feed.engineWork());
    feed.changedAll();
    feed.live = true;
    feed.engineWork();
    // a thread reopened after missing its deadline: what it announced before is lost
    client.onReopen?.(() => {
      feed.changedAll();
      feed.productEvent(null);
      feed.engineWork();
    });
    return async () => {
      feed.live = false;
      await unlisten().catch(() => {});
      await unlistenProducts().catch(() => {});
      await unlistenEngine().catch(() => {});
    };
  });
}

const RECONNECT_MS = 1000;

/**
 * PostgreSQL delivers notifications on a connection of their own. Writers in other processes
 * (workers, other web processes) are seen a moment after they commit; if the connection drops,
 * caches are bypassed until it is back.
 */
export function postgresChangeFeed(connectionString: string, scope: FeedScope = "all"): ChangeFeed {
  const channels = scope === "engine" ? [ENGINE_CHANNEL] : [CHANGE_CHANNEL, PRODUCT_CHANNEL, ENGINE_CHANNEL];
  return new ChangeFeed(async (feed) => {
    let client: pg.Client | null = null;
    let closed = false;
    let retry: NodeJS.Timeout | null = null;

    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      client = c;
      c.on("notification", (msg) => {
        if (msg.channel === ENGINE_CHANNEL) feed.engineWork();
        else if (!msg.payload) return;
        else if (msg.channel === PRODUCT_CHANNEL) feed.productEvent(msg.payload);
        else feed.changed(msg.payload);
      });
      c.on("error", () => lost(c));
      c.on("end", () => lost(c));
      await c.connect();
      await c.query(channels.map((channel) => `LISTEN ${channel}`).join("; "));
      feed.changedAll();
      feed.live = true;
      // events may have been missed while the connection was down
      feed.productEvent(null);
      feed.engineWork();
    };

    const lost = (c: pg.Client) => {
      if (client !== c) return;
      client = null;
      feed.live = false;
      feed.changedAll();
      c.end().catch(() => {});
      if (!closed && !retry) {
        retry = setTimeout(() => {
          retry = null;
          connect().catch(() => lost(client ?? c));
        }, RECONNECT_MS);
        retry.unref();
      }
    };

    try {
      await connect();
    } catch (err) {
      // the app still works without the feed, only uncached; keep trying in the background
      console.warn(`PostgreSQL: sem avisos de alterações (${(err as Error).message}); a tentar de novo`);
      if (client) lost(client);
    }
    return async () => {
      closed = true;
      feed.live = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    };
  }, scope);
}
