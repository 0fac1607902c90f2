import type { LeasedTarget, SettledWrite } from "./store.js";

/**
 * Settled targets this process keeps leased between their checks instead of writing each one.
 *
 * A settled target's fetch that reads its last answer again changes nothing but clocks (the
 * watchers' last check and next due time). At short intervals those clock writes were most of the
 * embedded database's work: at 300 monitors every second, a lease and a write of every target every
 * second. A held target is checked again at its next due time from memory, and only the last of
 * its held checks is written, when the hold ends (its window, a new answer, a failure, a wake, the
 * engine's stop). Cards show any check under 10 s ago as "agora", so a hold of a few seconds is not
 * seen; an edit waits at most that long to be applied (docs/engine.md, "Held settled targets").
 */
export class HeldTargets {
  private readonly waiting = new Map<number, { target: LeasedTarget; timer: NodeJS.Timeout }>();
  /** the last unwritten settled check of each target held or being checked again */
  private readonly unwritten = new Map<number, SettledWrite>();

  get size(): number {
    return this.waiting.size;
  }

  /** keeps `write` unwritten and gives the target back to `due` at its next due time */
  keep(target: LeasedTarget, write: SettledWrite, due: (target: LeasedTarget) => void): void {
    this.unwritten.set(target.id, write);
    target.dueAt = new Date(write.next);
    const timer = setTimeout(
      () => {
        this.waiting.delete(target.id);
        due(target);
      },
      Math.max(0, write.next - Date.now()),
    );
    this.waiting.set(target.id, { target, timer });
  }

  /**
   * the target's unwritten check, forgotten here: the caller writes it (the hold ends) or drops it
   * because a later write of the target supersedes it
   */
  take(targetId: number): SettledWrite | undefined {
    const write = this.unwritten.get(targetId);
    this.unwritten.delete(targetId);
    return write;
  }

  /** every hold ends now (the engine stops): the checks still unwritten, to be written */
  endAll(): SettledWrite[] {
    for (const { timer } of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    const writes = [...this.unwritten.values()];
    this.unwritten.clear();
    return writes;
  }
}
