/**
 * Politeness per host, shared by every monitor of the process: at most `maxConcurrent` requests in
 * flight and `minSpacingMs` between request starts; after a block the host is backed off
 * exponentially (10 s doubling to 1 h, halving after successes) and checks fail fast meanwhile.
 * For a retailer the limits are this process's allotment of the host's budget (host-allotments.ts),
 * which may change while requests wait: `refresh` gives the waiting ones the new limits.
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
export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 10_000, maxMs: 3_600_000 };

interface HostState {
  limits: HostLimits;
  active: number;
  lastStart: number;
  waiting: (() => void)[];
  timer: NodeJS.Timeout | null;
  backoffMs: number;
  blockedUntil: number;
}

/** a host began backing off (blocked: for how long) or is trusted again (backoffMs 0) */
export type BackoffListener = (host: string, backoffMs: number) => void;

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  /** told once per back-off begun or doubled, and once when it has fully wound down */
  onBackoff: BackoffListener = () => {};

  constructor(
    private readonly backoff: BackoffPolicy = DEFAULT_BACKOFF,
    private readonly now: () => number = Date.now,
  ) {}

  private state(host: string, limits: HostLimits): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { limits, active: 0, lastStart: 0, waiting: [], timer: null, backoffMs: 0, blockedUntil: 0 };
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

  /** a block answer: back off; blocks seen while already backed off do not double again */
  reportBlocked(host: string): number {
    const s = this.state(host, this.hosts.get(host)?.limits ?? DEFAULT_HOST_LIMITS);
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
    if (s.backoffMs === 0) this.onBackoff(host, 0);
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
    if (s.timer) clearTimeout(s.timer);
    s.timer = null;
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
    return s.active < s.limits.maxConcurrent && this.now() - s.lastStart >= s.limits.minSpacingMs;
  }

  private start(s: HostState): void {
    s.active++;
    s.lastStart = this.now();
  }

  private pump(s: HostState): void {
    while (s.waiting.length > 0 && this.canStart(s)) {
      this.start(s);
      s.waiting.shift()?.();
    }
    if (s.waiting.length > 0 && s.active < s.limits.maxConcurrent && !s.timer) {
      // a long wait (a small allotment) is cut short by refresh() when the allotment grows
      const wait = Math.min(MAX_TIMER_MS, Math.max(1, s.limits.minSpacingMs - (this.now() - s.lastStart)));
      s.timer = setTimeout(() => {
        s.timer = null;
        this.pump(s);
      }, wait);
    }
  }
}
