import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { HostBudget } from "./fetch/host-budget.js";

/** the schedule is planned to use this much of a host's budget: the rest absorbs retries and jitter */
const PLANNED_SHARE = 0.9;

/**
 * When the checks a host's monitors ask for exceed its budget, the intervals stretch fairly
 * instead of the checks queueing: each user's share first, then each of the user's
 * monitors. Max-min fair on both levels: a user who asks for less than an equal share keeps what
 * they ask, the rest is split among the others; within a user, the monitors with the longest
 * intervals keep theirs and the shortest are stretched to one common floor. The answer is that
 * floor per user (ms), for the users whose monitors are stretched at all.
 *
 * `intervals`: per user, the intervals (ms) of their active monitors on the host.
 */
export function stretchFloors(
  perMinute: number,
  intervals: ReadonlyMap<number, readonly number[]>,
): Map<number, number> {
  const capacity = (perMinute / 60_000) * PLANNED_SHARE; // checks per ms
  const demand = (list: readonly number[]) => list.reduce((sum, ms) => sum + 1 / ms, 0);
  const floors = new Map<number, number>();
  let total = 0;
  for (const list of intervals.values()) total += demand(list);
  if (total <= capacity) return floors;
  const users = [...intervals].map(([user, list]) => ({ user, list, demand: demand(list) }));
  users.sort((a, b) => a.demand - b.demand);
  let left = capacity;
  for (let i = 0; i < users.length; i++) {
    const share = left / (users.length - i);
    const u = users[i];
    if (u.demand <= share) {
      left -= u.demand;
      continue;
    }
    floors.set(u.user, floorFor(u.list, share));
    left -= share;
  }
  return floors;
}

/** the interval floor F such that the monitors, each at max(its interval, F), ask for `rate` */
function floorFor(list: readonly number[], rate: number): number {
  const sorted = [...list].sort((a, b) => b - a); // longest first: they keep their intervals longest
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) {
    // the shortest n - i monitors share what is left at one floor
    const rest = sorted.length - i;
    const floor = rest / (rate - kept);
    if (rate - kept > 0 && floor >= sorted[i]) return Math.ceil(floor);
    kept += 1 / sorted[i];
  }
  return Math.ceil(sorted.length / rate);
}

export interface StretchOptions {
  db: Db;
  budgetOf: (host: string) => HostBudget;
  /** hosts with a budget (stand-ins on loopback have none) */
  budgeted: (host: string) => boolean;
  /** how long one reading of the demand is used */
  refreshMs?: number;
}

/** floors per host and user, read from the active products every few seconds */
export class IntervalStretch {
  private floors = new Map<string, Map<number, number>>();
  private demand = new Map<string, number>();
  private monitors = new Map<string, number>();
  private readAt = 0;
  private reading: Promise<void> | null = null;

  constructor(private readonly o: StretchOptions) {}

  /** the interval a monitor really gets: its own, or its user's floor on the host when that is longer */
  intervalFor(host: string, userId: number, intervalMs: number): number {
    const floor = this.floors.get(host)?.get(userId);
    return floor !== undefined && floor > intervalMs ? floor : intervalMs;
  }

  /** checks per minute the host's active monitors ask for (last reading) */
  demandOf(host: string): number {
    return this.demand.get(host) ?? 0;
  }

  /** the active monitors on the host (last reading) */
  monitorsOf(host: string): number {
    return this.monitors.get(host) ?? 0;
  }

  /** every host with active monitors, stand-ins included (last reading) */
  hosts(): string[] {
    return [...this.demand.keys()];
  }

  /** the longest interval (ms) a stretched monitor of the host gets; null when none is stretched */
  stretchedTo(host: string): number | null {
    const floors = this.floors.get(host);
    return floors && floors.size > 0 ? Math.max(...floors.values()) : null;
  }

  /** reads the demand again when the last reading is older than refreshMs */
  refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.readAt < (this.o.refreshMs ?? 5_000)) return Promise.resolve();
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    this.readAt = Date.now();
    const result = await this.o.db.execute(sql`
      select lower(substring(url from '^[A-Za-z]+://([^/:?#]+)')) as host, user_id, check_interval,
        count(*)::int as n
      from products where is_active group by 1, 2, 3`);
    const byHost = new Map<string, Map<number, number[]>>();
    for (const r of (result as unknown as { rows: Record<string, unknown>[] }).rows) {
      const host = String(r.host ?? "");
      if (!host) continue;
      const users = byHost.get(host) ?? new Map<number, number[]>();
      const list = users.get(Number(r.user_id)) ?? [];
      for (let i = 0; i < Number(r.n); i++) list.push(Math.max(1, Number(r.check_interval)));
      users.set(Number(r.user_id), list);
      byHost.set(host, users);
    }
    const floors = new Map<string, Map<number, number>>();
    const demand = new Map<string, number>();
    const monitors = new Map<string, number>();
    for (const [host, users] of byHost) {
      let perMs = 0;
      let count = 0;
      for (const list of users.values()) {
        for (const ms of list) perMs += 1 / ms;
        count += list.length;
      }
      demand.set(host, perMs * 60_000);
      monitors.set(host, count);
      // stand-ins (loopback) have no budget: shown, never stretched
      if (!this.o.budgeted(host)) continue;
      const hostFloors = stretchFloors(this.o.budgetOf(host).perMinute, users);
      if (hostFloors.size > 0) floors.set(host, hostFloors);
    }
    this.floors = floors;
    this.demand = demand;
    this.monitors = monitors;
  }
}
