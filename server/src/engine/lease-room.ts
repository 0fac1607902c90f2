/**
 * Targets due within `leadMs` are leased with those due now and checked at once: one lease, one
 * batch write and one look at the next due time then serve several checks instead of one each,
 * which is most of what a small install spends. The cadence holds, since the next due time counts
 * from the due time, not from the early start (outcome-write.ts). The lead is the scheduler's
 * (leadFor): a share of the shortest interval watched, so no target is fetched much before its time.
 */
export const LEASE_AHEAD = { maxMs: 5_000, share: 0.1, floorMs: 250, floorShare: 0.25 };

/**
 * how early a target whose shortest interval is `intervalMs` may be checked: a tenth of it, but at
 * least 250 ms while that is within a quarter of it. The lease loop runs about once per lead, so
 * without the floor 1 s intervals cost ten leases, ten batch writes and ten looks at the next due
 * time a second, however few the monitors (docs/decisions.md, "A floor under the lead")
 */
export const leadFor = (intervalMs: number): number => {
  const share = Math.floor(intervalMs * LEASE_AHEAD.share);
  const floor = Math.min(LEASE_AHEAD.floorMs, Math.floor(intervalMs * LEASE_AHEAD.floorShare));
  return Math.max(0, Math.min(LEASE_AHEAD.maxMs, Math.max(share, floor)));
};

/** at most this much of the lead is taken ahead (see leaseRoom): the lead's floor */
const AHEAD_MAX_MS = LEASE_AHEAD.floorMs;

/**
 * How many targets the next lease may take. Twice the cap keeps a turn's worth queued behind the
 * checks in flight, whatever their pace. A process that works checks off fast also takes what it
 * checks within the lead (250 ms of it at most; EngineStats counts them): at 300 checks a second
 * and a 100 ms lead the lease took 20 targets, and two or three leases served each lead, when one
 * of ~50 serves it (the embedded database spent a third less on leases). Slow checks go by few a
 * second, so their queue stays short and well within the lease's time. With a whole second of a long
 * lead (12 s intervals, 150 checks a second) a lease held ~150 targets, and those of hosts at their
 * budget waited in the queue: bench:targets-scale's schedule p99 went 1.4 → 2.5 s; with 200 ms, 1.5 s
 * (250 ms, the lead's floor, so that one lease takes a whole floor's worth at 1 s intervals: 1.1–2.2 s,
 * as noisy as 200 ms's 1.6 s)
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
