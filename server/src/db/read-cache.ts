import { LRUCache } from "lru-cache";
import type { ChangeFeed, TableName } from "./change-feed.js";

interface Entry<T> {
  /** the tables' versions when the load began */
  stamp: string;
  value: T;
  loadedAt: number;
}

export interface ReadCacheOptions<T> {
  /** most entries kept (least recently used ones go first) */
  max: number;
  /** bound on the sum of sizeOf over the entries */
  maxSize?: number;
  sizeOf?: (value: T) => number;
  /**
   * after this, an unchanged entry is still answered once more but reloaded in the background,
   * for what depends on the clock rather than on the tables ("today", session expiry)
   */
  refreshAfterMs: number;
}

/**
 * Answers of database reads, kept while the tables they were built from are unchanged
 * (ChangeFeed). Concurrent misses of one key share one load, so a change seen by a hundred
 * waiting requests costs one query, not a hundred.
 */
export class ReadCache<T extends object> {
  private readonly entries: LRUCache<string, Entry<T>>;
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: ReadCacheOptions<T>,
  ) {
    const { sizeOf } = options;
    this.entries = new LRUCache<string, Entry<T>>({
      max: options.max,
      ...(options.maxSize && sizeOf
        ? { maxSize: options.maxSize, sizeCalculation: (e: Entry<T>) => Math.max(1, sizeOf(e.value)) }
        : {}),
    });
  }

  async get(key: string, tables: readonly TableName[], load: () => Promise<T>): Promise<T> {
    if (!this.feed.live) return load();
    const stamp = this.feed.stamp(tables);
    const entry = this.entries.get(key);
    if (entry?.stamp === stamp) {
      if (Date.now() - entry.loadedAt > this.options.refreshAfterMs) {
        this.load(key, stamp, load).catch(() => {});
      }
      return entry.value;
    }
    return this.load(key, stamp, load);
  }

  /**
   * The stamp is read before the load starts: a change committed during the load raises the
   * tables' versions, so the entry, kept under the older stamp, is never answered after it.
   */
  private load(key: string, stamp: string, load: () => Promise<T>): Promise<T> {
    const flight = `${key}\n${stamp}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      pending = load()
        .then((value) => {
          this.entries.set(key, { stamp, value, loadedAt: Date.now() });
          return value;
        })
        .finally(() => this.loading.delete(flight));
      this.loading.set(flight, pending);
    }
    return pending;
  }
}
