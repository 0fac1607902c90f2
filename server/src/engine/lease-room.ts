/** checks finished per second, over the last whole second: how fast this process works leases off */
export class FinishRate {
  private second = 0;
  private current = 0;
  private previous = 0;

  /** a check finished at `at` (epoch ms) */
  count(at: number): void {
    const second = Math.floor(at / 1000);
    if (second !== this.second) {
      this.previous = second === this.second + 1 ? this.current : 0;
      this.second = second;
      this.current = 0;
    }
    this.current++;
  }

  perSecond(now = Date.now()): number {
    const second = Math.floor(now / 1000);
    if (second === this.second) return this.previous;
    return second === this.second + 1 ? this.current : 0;
  }
}

/**
 * How many targets the next lease may take. Twice the cap keeps a turn's worth queued behind the
 * checks in flight, whatever their pace. A process that works checks off fast also takes what it
 * finishes within the lead (a second of it at most): at 300 checks a second and a 100 ms lead the
 * lease took 20 targets, and two or three leases served each lead, when one of ~50 serves it (the
 * embedded database spent a third less on leases). Slow checks finish few, so their queue stays
 * short and well within the lease's time.
 */
export function leaseRoom(o: {
  cap: number;
  queued: number;
  inFlight: number;
  /** parked products beyond one cap's worth */
  overParked: number;
  finishedPerSecond: number;
  leadMs: number;
}): number {
  const ahead = Math.ceil((o.finishedPerSecond * Math.min(o.leadMs, 1000)) / 1000);
  return o.cap * 2 + ahead - o.queued - o.inFlight - o.overParked;
}
