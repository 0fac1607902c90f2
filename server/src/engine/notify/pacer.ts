/** Sliding-window pacing: at most `count` starts per `windowMs`; `wait()` resolves when one may start. */
export class Pacer {
  private readonly starts: number[] = [];

  constructor(
    private readonly count: number,
    private readonly windowMs: number,
  ) {}

  /** ms until a start is allowed (0 = now); does not reserve */
  delay(now = Date.now()): number {
    while (this.starts.length > 0 && now - this.starts[0] >= this.windowMs) this.starts.shift();
    return this.starts.length < this.count ? 0 : this.starts[0] + this.windowMs - now;
  }

  async take(): Promise<void> {
    for (let d = this.delay(); d > 0; d = this.delay()) await new Promise((r) => setTimeout(r, d));
    this.starts.push(Date.now());
  }
}
