/**
 * The engine's one polling block (the scheduler's lease loop and the notifier's outbox poll): runs
 * `tick` again and again; `tick` answers how long to wait before the next turn, and `wake()` cuts
 * that wait short (new work arrived). An error in a tick is reported and retried after
 * `errorPauseMs`. `stop()` ends the loop after the turn under way.
 */
export class PollLoop {
  private running = false;
  private done: Promise<void> = Promise.resolve();
  private woken = false;
  private wakeUp: (() => void) | null = null;
  /** while sleeping: ends the sleep at `at` (epoch ms) if that is sooner */
  private rearm: ((at: number) => void) | null = null;
  /** asked during a turn: the next sleep ends by then */
  private wakeByAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly tick: () => Promise<number>,
    private readonly options: { errorPauseMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.done = this.loop();
  }

  /** the next turn starts now (or right after the one under way) */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** the next turn starts by `at` (epoch ms) at the latest: sooner work is known (a due time) */
  wakeBy(at: number): void {
    if (at <= Date.now()) this.wake();
    else if (this.rearm) this.rearm(at);
    else this.wakeByAt = Math.min(this.wakeByAt, at);
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.done;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let pause: number;
      try {
        pause = await this.tick();
      } catch (error) {
        this.options.onError?.(error);
        pause = this.options.errorPauseMs ?? 500;
      }
      if (this.running) await this.sleep(pause);
    }
  }

  private sleep(pause: number): Promise<void> {
    const ms = Math.min(pause, this.wakeByAt - Date.now());
    this.wakeByAt = Number.POSITIVE_INFINITY;
    if (this.woken || ms <= 0) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      let until = Date.now() + ms;
      let timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        self.rearm = null;
        resolve();
      }
      this.wakeUp = done;
      this.rearm = (at) => {
        if (at >= until) return;
        clearTimeout(timer);
        until = at;
        timer = setTimeout(done, Math.max(0, at - Date.now()));
      };
    }).then(() => {
      this.woken = false;
    });
  }
}
