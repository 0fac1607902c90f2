import { EarliestTimer } from "../earliest-timer.js";

/**
 * Politeness per host, shared by every monitor of the process: at most `maxConcurrent` requests in
 * flight and one start per `minSpacingMs` on average; after a block the host is backed off
 * exponentially (10 s doubling to 1 h, halving after successes) and checks fail fast meanwhile.
 * For a retailer the limits are this process's allotment of the host's budget (host-allotments.ts),
 * which may change while requests wait: `refresh` gives the waiting ones the new limits.
 *
 * Requests held back by the spacing go out on a beat shared by every host (`BEAT_MS`), so that one
 * wake-up of the process starts the turn of every host due by then instead of one wake-up per host
 * and request: on a machine whose idle CPU wakes slowly each wake-up costs more than the request
 * itself (docs/engine.md, "One beat for the hosts' turns"). A request's turn is reckoned from the
 * previous one's turn, not from its beat, so the average pace is the allotment's exactly; two
 * starts may come up to one beat closer than the spacing. Hosts allowed more than 600 requests a
 * minute keep their exact spacing.
 */
export interface HostLimits {
  maxConcurrent: number;
  minSpacingMs: number;
}

export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_HOST_LIMITS: HostLimits = { maxConcurrent: 4, minSpacingMs: 100 };
/** local stand-ins (MONITOR_REDIRECT to loopback) must not throttle a benchmark */
export const LOOPBACK_HOST_LIMITS: HostLimits = { maxConcurrent: 256, minSpacingMs: 0 };
const MAX_TIMER_MS = 60_000;
/** the beat the spaced requests of every host go out on (ms) */
export const BEAT_MS = 50;
/**
 * hosts spaced by two beats or more (600 a minute or fewer) start on the beat, two starts at least
 * half a spacing apart; faster ones keep their exact spacing
 */
const onTheBeat = (limits: HostLimits) => limits.minSpacingMs >= 2 * BEAT_MS;
/** when the host's next request may start */
const nextTurn = (s: HostState) => s.lastTurn + s.limits.minSpacingMs;
export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 10_000, maxMs: 3_600_000 };

interface HostState {
  limits: HostLimits;
  active: number;
  /** the turn (epoch ms) the last start took: its next turn is a spacing later */
  lastTurn: number;
  waiting: (() => void)[];
  backoffMs: number;
  blockedUntil: number;
  /** the anti-bot wall a block of this back-off named, if any */
  wall?: string;
}

/** a host began backing off (blocked: for how long) or is trusted again (backoffMs 0) */
export type BackoffListener = (host: string, backoffMs: number) => void;

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  /** hosts with requests waiting for their turn */
  private readonly waitingHosts = new Set<HostState>();
  /** fires by the earliest turn a waiting host asked for, and pumps every waiting host */
  private readonly timer: EarliestTimer;
  /** told once per back-off begun or doubled, and once when it has fully wound down */
  onBackoff: BackoffListener = () => {};

  constructor(
    private readonly backoff: BackoffPolicy = DEFAULT_BACKOFF,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = new EarliestTimer(() => this.pumpWaiting(), now);
  }

  private state(host: string, limits: HostLimits): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { limits, active: 0, lastTurn: 0, waiting: [], backoffMs: 0, blockedUntil: 0 };
      this.hosts.set(host, s);
    }
    s.limits = limits;
    return s;
  }

  /** ms left of the host's back-off, 0 when it may be contacted */
  blockedFor(host: string): number {
    const s = this.hosts.get(host);
    return s ? Math.max(0, s.blockedUntil - this.now()) : 0;
  }

  /**
   * a block answer: back off; blocks seen while already backed off do not double again. `wall`: the
   * anti-bot wall its page named (the status alone is reported first, by the HTTP client)
   */
  reportBlocked(host: string, wall?: string): number {
    const s = this.state(host, this.hosts.get(host)?.limits ?? DEFAULT_HOST_LIMITS);
    if (wall) s.wall = wall;
    if (s.blockedUntil > this.now()) return s.backoffMs;
    s.backoffMs = s.backoffMs ? Math.min(s.backoffMs * 2, this.backoff.maxMs) : this.backoff.initialMs;
    s.blockedUntil = this.now() + s.backoffMs;
    this.onBackoff(host, s.backoffMs);
    return s.backoffMs;
  }

  reportSuccess(host: string): void {
    const s = this.hosts.get(host);
    if (!s || s.backoffMs === 0) return;
    s.backoffMs = s.backoffMs / 2 < this.backoff.initialMs ? 0 : s.backoffMs / 2;
    if (s.backoffMs === 0) {
      s.wall = undefined;
      this.onBackoff(host, 0);
    }
  }

  /** the wall named by a block of the host's current back-off, if any (forgotten as it winds down) */
  wallOf(host: string): string | undefined {
    return this.hosts.get(host)?.wall;
  }

  /** the browser route got through: plain checks may try again (with its cookies) at once */
  liftPause(host: string): void {
    const s = this.hosts.get(host);
    if (s) s.blockedUntil = 0;
  }

  /** requests to the host waiting for their turn */
  waiting(host: string): number {
    return this.hosts.get(host)?.waiting.length ?? 0;
  }

  /** the host's limits changed (a new allotment): requests waiting for their turn may start */
  refresh(host: string, limits: HostLimits): void {
    const s = this.hosts.get(host);
    if (!s) return;
    s.limits = limits;
    this.pump(s);
  }

  async run<T>(host: string, limits: HostLimits, task: () => Promise<T>): Promise<T> {
    const s = this.state(host, limits);
    await this.acquire(s);
    try {
      return await task();
    } finally {
      s.active--;
      this.pump(s);
    }
  }

  private acquire(s: HostState): Promise<void> {
    if (s.waiting.length === 0 && this.canStart(s)) {
      this.start(s);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      s.waiting.push(resolve);
      this.pump(s);
    });
  }

  private canStart(s: HostState): boolean {
    return s.active < s.limits.maxConcurrent && this.now() >= nextTurn(s);
  }

  private start(s: HostState): void {
    s.active++;
    const now = this.now();
    const turn = nextTurn(s);
    // a start on the beat after its turn keeps that turn: the pace stays the allotment's
    s.lastTurn = onTheBeat(s.limits) && now - turn < BEAT_MS ? turn : now;
  }

  private pump(s: HostState): void {
    while (s.waiting.length > 0 && this.canStart(s)) {
      this.start(s);
      s.waiting.shift()?.();
    }
    // a full host is pumped again when one of its requests ends; a long wait is cut short by refresh()
    if (s.waiting.length > 0 && s.active < s.limits.maxConcurrent) {
      this.waitingHosts.add(s);
      const turn = nextTurn(s);
      const at = onTheBeat(s.limits) ? Math.ceil(turn / BEAT_MS) * BEAT_MS : turn;
      this.timer.by(Math.min(at, this.now() + MAX_TIMER_MS));
    }
  }

  private pumpWaiting(): void {
    const hosts = [...this.waitingHosts];
    this.waitingHosts.clear();
    for (const s of hosts) this.pump(s);
  }
}
