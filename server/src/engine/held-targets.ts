import { EarliestTimer } from "./earliest-timer.js";
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
 *
 * A hold's window ends with a write that renews the lease (SettledWrite.renewMs): the target is held
 * on from that write if the database kept its lease, so a page that does not change costs no lease
 * statement at all, only its clocks' write once per window. The database hands the lease back
 * instead when a watcher must be read (one edited or added since the lease) or none is active.
 *
 * Held targets come due together, as leased ones do: one timer gives back every target due within
 * the lead (the lease's, a share of the interval), a little early. A timer per target woke the event
 * loop ~190 times a second at 300 monitors at 1 s, which cost the main thread more than the writes
 * saved.
 */
export class HeldTargets {
  private readonly waiting = new Map<number, LeasedTarget>();
  /** the last unwritten settled check of each target held or being checked again */
  private readonly unwritten = new Map<number, SettledWrite>();
  /** targets whose write asked to renew their lease, with when the renewed lease counts from */
  private readonly renewing = new Map<number, { target: LeasedTarget; leasedAt: number }>();
  private readonly timer = new EarliestTimer(() => this.fire());
  /** when it last fired: it fires once per lead at most, each time with every target due within it */
  private firedAt = 0;

  constructor(
    /** targets due within this many ms are given back together (the lease's lead) */
    private readonly leadMs: () => number,
    /** the targets whose next check is due */
    private readonly due: (targets: LeasedTarget[]) => void,
  ) {}

  get size(): number {
    return this.waiting.size + this.renewing.size;
  }

  /** keeps `write` unwritten and gives the target back by its next due time */
  keep(target: LeasedTarget, write: SettledWrite): void {
    this.unwritten.set(target.id, write);
    target.dueAt = new Date(write.next);
    this.wait(target);
  }

  /** the target waits in memory and is given back a lead before its due time */
  private wait(target: LeasedTarget): void {
    this.waiting.set(target.id, target);
    this.arm(target.dueAt.getTime() - this.leadMs());
  }

  /**
   * `write` goes to the database now asking to renew the lease (renewMs); the target waits for
   * the answer (renewed) before it is held on, its new lease counted from the check's end
   */
  renew(target: LeasedTarget, write: SettledWrite): void {
    target.dueAt = new Date(write.next);
    this.renewing.set(target.id, { target, leasedAt: write.at });
  }

  /** the renewing writes of `ids` are done: those `kept` are held on, the others were handed back */
  renewed(ids: readonly number[], kept: ReadonlySet<number>): void {
    for (const id of ids) {
      const renewing = this.renewing.get(id);
      if (!renewing) continue;
      this.renewing.delete(id);
      if (!kept.has(id)) continue;
      const { target, leasedAt } = renewing;
      target.leasedAt = leasedAt;
      this.wait(target);
    }
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
    this.timer.clear();
    this.waiting.clear();
    this.renewing.clear();
    const writes = [...this.unwritten.values()];
    this.unwritten.clear();
    return writes;
  }

  private arm(wanted: number): void {
    this.timer.by(Math.max(wanted, this.firedAt + this.leadMs()));
  }

  private fire(): void {
    this.firedAt = Date.now();
    const until = this.firedAt + this.leadMs();
    const due: LeasedTarget[] = [];
    let soonest = Number.POSITIVE_INFINITY;
    for (const target of this.waiting.values()) {
      const at = target.dueAt.getTime();
      if (at <= until) due.push(target);
      else soonest = Math.min(soonest, at);
    }
    for (const target of due) this.waiting.delete(target.id);
    if (soonest !== Number.POSITIVE_INFINITY) this.arm(soonest - this.leadMs());
    if (due.length > 0) this.due(due);
  }
}
