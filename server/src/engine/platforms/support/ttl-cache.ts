const everyCache = new Set<{ clear(): void }>();

/**
 * What a platform needs once and reuses (Zara's store id, H&M's size names, an SFRA site id): kept
 * per process for a while so each check costs one request, as public monitors do (24 h for H&M).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {
    everyCache.add(this);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Forgets what every platform learned. The test runner reuses one process for many test files, and
 * each file's stand-in retailers expect a process that has learned nothing yet.
 */
export function clearTtlCaches(): void {
  for (const cache of everyCache) cache.clear();
}

export const DAY_MS = 24 * 60 * 60 * 1000;
