/** one timer that fires at the earliest of the times it was asked for (a later ask leaves it be) */
export class EarliestTimer {
  private timer: NodeJS.Timeout | null = null;
  private at = Number.POSITIVE_INFINITY;

  constructor(
    private readonly fire: () => void,
    /** the clock `at` is read on (a test's own) */
    private readonly now: () => number = Date.now,
  ) {}

  /** fires by `at` (epoch ms), or sooner if already asked to */
  by(at: number): void {
    if (this.timer && this.at <= at) return;
    this.clear();
    this.at = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.at = Number.POSITIVE_INFINITY;
        this.fire();
      },
      Math.max(0, at - this.now()),
    );
  }

  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.at = Number.POSITIVE_INFINITY;
  }
}
