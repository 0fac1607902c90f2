/** Rolling figures for health(): recent schedule lags (p99) and checks in the last minute. */
export class EngineStats {
  private readonly lags = new Float64Array(4096);
  private lagCount = 0;
  private readonly perSecond = new Map<number, number>();
  /** lease rounds that took nothing because the disk was under its floor for writes (disk-room.ts) */
  roundsWithoutRoom = 0;
  /** fetches of settled targets that read the same answer: their watchers' clocks moved, nothing else */
  settledFetches = 0;
  /** targets this engine leased (a held target checked again, or held on by its write's renewal, is not leased again) */
  leasedTargets = 0;
  /** lease statements this engine made, whatever they took */
  leaseRounds = 0;

  /** every lag since `collect()` (benchmarks); null when not collecting */
  private collected: number[] | null = null;
  private collectOnly: ((url: string) => boolean) | null = null;

  /** `only`: collect the lags of these products' checks alone (by URL) */
  collect(only?: (url: string) => boolean): void {
    this.collected = [];
    this.collectOnly = only ?? null;
  }

  takeCollected(): number[] {
    const all = this.collected ?? [];
    this.collected = null;
    return all;
  }

  recordCheck(lagMs: number, now = Date.now(), url = ""): void {
    if (this.collected && (!this.collectOnly || this.collectOnly(url))) this.collected.push(lagMs);
    this.lags[this.lagCount % this.lags.length] = lagMs;
    this.lagCount++;
    const second = Math.floor(now / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + 1);
    if (this.perSecond.size > 120) {
      for (const key of this.perSecond.keys()) if (key < second - 60) this.perSecond.delete(key);
    }
  }

  lagP99(): number | null {
    return this.lagPercentile(0.99);
  }

  /** over the most recent checks (up to 4096) */
  lagPercentile(p: number): number | null {
    const n = Math.min(this.lagCount, this.lags.length);
    if (n === 0) return null;
    const sorted = Array.from(this.lags.subarray(0, n)).sort((a, b) => a - b);
    return Math.round(sorted[Math.min(n - 1, Math.floor(n * p))]);
  }

  /** checks started in the last whole second: how fast this process works its leases off */
  checksLastSecond(now = Date.now()): number {
    return this.perSecond.get(Math.floor(now / 1000) - 1) ?? 0;
  }

  checksLastMinute(now = Date.now()): number {
    const from = Math.floor(now / 1000) - 60;
    let total = 0;
    for (const [second, count] of this.perSecond) if (second > from) total += count;
    return total;
  }
}
