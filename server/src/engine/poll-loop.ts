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

  private sleep(ms: number): Promise<void> {
    if (this.woken || ms <= 0) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    }).then(() => {
      this.woken = false;
    });
  }
}
