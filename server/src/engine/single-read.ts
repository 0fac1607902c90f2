/**
 * A table read into memory every few seconds: one reading at a time, shared by whoever asks
 * meanwhile, and none while the last one began less than `maxAgeMs` ago, unless forced. A forced
 * reading asked while one is under way follows it: that one may have begun before the caller's own
 * write (a budget just saved), and answering with it would keep what the caller just changed out of
 * view.
 */
export class SingleRead {
  private running: Promise<void> | null = null;
  /** the reading that follows the one under way, shared by every forced caller meanwhile */
  private following: Promise<void> | null = null;
  /** when the last reading began (epoch ms) */
  private startedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly read: () => Promise<void>,
    private readonly maxAgeMs: number,
  ) {}

  /**
   * nothing while the last reading is fresh (not `force`); else a reading begun now, or the one
   * under way (not `force`) or the one after it (`force`)
   */
  run(force: boolean): Promise<void> {
    if (!force && Date.now() - this.startedAt < this.maxAgeMs) return Promise.resolve();
    if (!this.running) {
      this.startedAt = Date.now();
      this.running = this.read().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    if (!force) return this.running;
    this.following ??= this.running
      .catch(() => {})
      .then(() => {
        this.following = null;
        return this.run(true);
      });
    return this.following;
  }
}
