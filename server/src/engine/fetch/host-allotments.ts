import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type AllotmentRow, grantFor, SATURATED } from "./allotment-share.js";
import type { HostBudget } from "./host-budget.js";
import type { HostLimits } from "./host-limiter.js";

export interface AllotmentOptions {
  db: Db;
  workerId: string;
  budgetOf: (host: string) => HostBudget;
  /** how often the process renews its allotments */
  renewMs?: number;
  /** an allotment not renewed for this long is free for the other processes */
  ttlMs?: number;
  /** a host this process sent nothing to for this long gives its allotment back */
  idleMs?: number;
  /** requests to the host waiting for their turn here now */
  backlog?: (host: string) => number;
  /** the grant of a host changed: requests waiting for it may start */
  onChange?: (host: string) => void;
  onError?: (error: unknown) => void;
}

interface Grant extends HostBudget {
  /** local epoch ms after which the grant may no longer be used (renewal failed) */
  validUntil: number;
}

interface Asked {
  count: number;
  /** requests per second, smoothed over the last renewals */
  rate: number;
  lastAsk: number;
}

const NONE: HostLimits = { maxConcurrent: 0, minSpacingMs: Number.POSITIVE_INFINITY };

/**
 * This process's allotments of the hosts' budgets: the requests per minute and at once
 * it may send to each host, so that all engine processes together keep within each host's budget.
 * Every second the process writes its recent demand per host to `host_allotments` and takes its
 * grant (allotment-share.ts) in one transaction that holds the table's lock; a process that stops
 * renewing stops sending when its grant runs out, and its row expires for the others a moment later.
 * A host it has never asked for waits for the next renewal, which then runs at once.
 */
export class HostAllotments {
  private readonly asked = new Map<string, Asked>();
  private readonly grants = new Map<string, Grant>();
  private readonly o: Required<Omit<AllotmentOptions, "onChange" | "onError" | "backlog">> &
    Pick<AllotmentOptions, "onChange" | "onError" | "backlog">;
  private timer: NodeJS.Timeout | null = null;
  private renewing: Promise<void> | null = null;
  private again = false;
  private lastRenew = Date.now();
  private stopped = false;

  constructor(options: AllotmentOptions) {
    this.o = { renewMs: 1000, ttlMs: 3000, idleMs: 10_000, ...options };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** gives every allotment back, so the other processes may use it at once */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.renewing;
    this.grants.clear();
    await this.o.db.execute(sql`delete from host_allotments where worker_id = ${this.o.workerId}`);
  }

  /** a request to `host` is about to wait for its turn */
  noteRequest(host: string): void {
    const now = Date.now();
    const a = this.asked.get(host);
    if (a) {
      a.count++;
      a.lastAsk = now;
    } else this.asked.set(host, { count: 1, rate: 0, lastAsk: now });
    if (!this.grants.has(host)) this.renewSoon();
  }

  /** the limits this process may use on `host` now: nothing without a valid grant */
  limitsOf(host: string): HostLimits {
    const g = this.grants.get(host);
    if (!g || g.validUntil <= Date.now() || g.atOnce <= 0 || g.perMinute <= 0) return NONE;
    return { maxConcurrent: g.atOnce, minSpacingMs: 60_000 / g.perMinute };
  }

  /** this process's grants (Settings → Sistema, tests) */
  snapshot(): Map<string, HostBudget> {
    return new Map([...this.grants].map(([h, g]) => [h, { perMinute: g.perMinute, atOnce: g.atOnce }]));
  }

  private renewSoon(): void {
    if (this.stopped) return;
    if (this.renewing) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.renewing = this.renew()
        .catch((error) => this.o.onError?.(error))
        .finally(() => {
          this.renewing = null;
          const now = Date.now();
          // a renewal that failed leaves grants that run out: the requests waiting on them stop
          for (const [host, g] of this.grants) if (g.validUntil <= now) this.o.onChange?.(host);
          this.schedule(this.again ? 0 : this.o.renewMs);
          this.again = false;
        });
    }, ms);
    this.timer.unref?.();
  }

  /**
   * what the process asks of the host: its recent rate, or SATURATED when its requests wait for
   * their turn or it sends as fast as its grant lets it (then it would send more with more)
   */
  private demandOf(host: string, rate: number): number {
    const grant = this.grants.get(host);
    const atGrant = grant !== undefined && grant.perMinute > 0 && rate * 60 >= 0.9 * grant.perMinute;
    return (this.o.backlog?.(host) ?? 0) > 0 || atGrant ? SATURATED : rate;
  }

  private async renew(): Promise<void> {
    const now = Date.now();
    const seconds = Math.max(0.05, (now - this.lastRenew) / 1000);
    this.lastRenew = now;
    const wanted: { host: string; demand: number; budget: HostBudget }[] = [];
    const dropped: string[] = [];
    for (const [host, a] of this.asked) {
      a.rate = a.rate === 0 ? a.count / seconds : 0.5 * a.rate + (0.5 * a.count) / seconds;
      a.count = 0;
      if (now - a.lastAsk > this.o.idleMs) {
        this.asked.delete(host);
        if (this.grants.delete(host)) dropped.push(host);
      } else wanted.push({ host, demand: this.demandOf(host, a.rate), budget: this.o.budgetOf(host) });
    }
    if (wanted.length === 0 && dropped.length === 0) return;
    const sentAt = Date.now();
    const granted = await this.o.db.transaction(async (tx) => {
      // one lock for the table: renewals of all processes run one after another
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('host_allotments'))`);
      await tx.execute(sql`delete from host_allotments where expires_at < now()`);
      if (dropped.length > 0) {
        await tx.execute(sql`delete from host_allotments where worker_id = ${this.o.workerId}
          and host in (select value from jsonb_array_elements_text(${JSON.stringify(dropped)}::jsonb))`);
      }
      if (wanted.length === 0) return [];
      const result = await tx.execute(sql`
        select host, worker_id, demand, per_minute, at_once from host_allotments
        where worker_id <> ${this.o.workerId}
          and host in (select value from jsonb_array_elements_text(${JSON.stringify(wanted.map((w) => w.host))}::jsonb))`);
      const others = new Map<string, AllotmentRow[]>();
      for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
        const host = String(r.host);
        const list = others.get(host) ?? [];
        list.push({
          workerId: String(r.worker_id),
          demand: Number(r.demand),
          perMinute: Number(r.per_minute),
          atOnce: Number(r.at_once),
        });
        others.set(host, list);
      }
      const rows = wanted.map((w) => {
        const self = { workerId: this.o.workerId, demand: w.demand, perMinute: 0, atOnce: 0 };
        return { host: w.host, demand: w.demand, ...grantFor(w.budget, others.get(w.host) ?? [], self) };
      });
      await tx.execute(sql`
        insert into host_allotments (host, worker_id, demand, per_minute, at_once, expires_at)
        select x.host, ${this.o.workerId}, x.demand, x."perMinute", x."atOnce",
          now() + ${this.o.ttlMs} * interval '1 millisecond'
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as x(host text, demand float8, "perMinute" float8, "atOnce" int)
        on conflict (host, worker_id) do update set demand = excluded.demand,
          per_minute = excluded.per_minute, at_once = excluded.at_once, expires_at = excluded.expires_at`);
      return rows;
    });
    // the grant counts from before the statement ran, so it ends here no later than in the database;
    // a renewal later than that (renewMs) must already have happened
    const validUntil = sentAt + this.o.ttlMs - this.o.renewMs;
    for (const row of granted) {
      const before = this.grants.get(row.host);
      this.grants.set(row.host, { perMinute: row.perMinute, atOnce: row.atOnce, validUntil });
      if (!before || before.atOnce !== row.atOnce || before.perMinute !== row.perMinute) {
        this.o.onChange?.(row.host);
      }
    }
  }
}
