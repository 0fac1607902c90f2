/** at most this much of the lead is taken ahead (see leaseRoom) */
const AHEAD_MAX_MS = 200;

/**
 * How many targets the next lease may take. Twice the cap keeps a turn's worth queued behind the
 * checks in flight, whatever their pace. A process that works checks off fast also takes what it
 * checks within the lead (200 ms of it at most; EngineStats counts them): at 300 checks a second
 * and a 100 ms lead the lease took 20 targets, and two or three leases served each lead, when one
 * of ~50 serves it (the embedded database spent a third less on leases). Slow checks go by few a
 * second, so their queue stays short and well within the lease's time. With a whole second of a long
 * lead (12 s intervals, 150 checks a second) a lease held ~150 targets, and those of hosts at their
 * budget waited in the queue: bench:targets-scale's schedule p99 went 1.4 → 2.5 s; with 200 ms, 1.5 s.
 */
export function leaseRoom(o: {
  cap: number;
  queued: number;
  inFlight: number;
  /** parked products beyond one cap's worth */
  overParked: number;
  checksPerSecond: number;
  leadMs: number;
}): number {
  const ahead = Math.ceil((o.checksPerSecond * Math.min(o.leadMs, AHEAD_MAX_MS)) / 1000);
  return o.cap * 2 + ahead - o.queued - o.inFlight - o.overParked;
}
