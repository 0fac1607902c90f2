import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { HostBudget } from "./fetch/host-budget.js";
import { SingleRead } from "./single-read.js";
import { type SettledTarget, URL_HOST } from "./store.js";

/** the schedule is planned to use this much of a host's budget: the rest absorbs retries and jitter */
const PLANNED_SHARE = 0.9;

/** one user's watch of a page: its interval (ms) and the part of the page's fetches it is charged */
export interface Watch {
  ms: number;
  /** 1 / the number of users watching the same page (shared targets: one fetch serves them all) */
  share: number;
  /** how many such watches (pages at this interval and share); 1 when absent */
  count?: number;
}

const asWatch = (w: number | Watch): Watch => (typeof w === "number" ? { ms: w, share: 1 } : w);
/** the part of the fetches a (counted) watch is charged, in watches */
const weight = (w: Watch) => w.share * (w.count ?? 1);

/**
 * When the fetches a host's pages ask for exceed its budget, the intervals stretch fairly instead
 * of the checks queueing: each user's share first, then each of the user's monitors. A page watched
 * by several users is fetched once for all of them, so each is charged an equal part of it (a page
 * ten users watch at 12 s costs each a tenth). Max-min fair on both levels: a user who asks for less
 * than an equal share keeps what they ask, the rest is split among the others; within a user, the
 * monitors with the longest intervals keep theirs and the shortest are stretched to one common
 * floor. The answer is that floor per user (ms), for the users whose monitors are stretched at all.
 *
 * `watches`: per user, their active monitors on the host (an interval alone is a page of their own).
 * `pagesPerMs`: the fetches the host's pages ask for (each at its shortest watcher's interval), when
 * known; else the users' charges added up.
 */
export function stretchFloors(
  perMinute: number,
  watches: ReadonlyMap<number, readonly (number | Watch)[]>,
  pagesPerMs?: number,
): Map<number, number> {
  const capacity = (perMinute / 60_000) * PLANNED_SHARE; // fetches per ms
  const demand = (list: readonly Watch[]) => list.reduce((sum, w) => sum + weight(w) / w.ms, 0);
  const users = [...watches].map(([user, raw]) => {
    const list = raw.map(asWatch);
    return { user, list, demand: demand(list) };
  });
  const floors = new Map<number, number>();
  const total = pagesPerMs ?? users.reduce((sum, u) => sum + u.demand, 0);
  if (total <= capacity) return floors;
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

/** the interval floor F such that the watches, each at max(its interval, F), are charged `rate` */
function floorFor(list: readonly Watch[], rate: number): number {
  const sorted = [...list].sort((a, b) => b.ms - a.ms); // longest first: they keep their intervals longest
  let rest = list.reduce((sum, w) => sum + weight(w), 0);
  let kept = 0;
  // watches of one interval keep it or share the floor together: if the floor is under their
  // interval before the first of them is kept, it stays under it after each
  for (const w of sorted) {
    // the shortest watches left share what is left at one floor
    const floor = rest / (rate - kept);
    if (rate - kept > 0 && floor >= w.ms) return Math.ceil(floor);
    kept += weight(w) / w.ms;
    rest -= weight(w);
  }
  return Math.ceil(list.reduce((sum, w) => sum + weight(w), 0) / rate);
}

/** the page a product watches: its target, or the product alone before it has one */
const PAGE = sql.raw(`coalesce(target_id::text, 'p' || id)`);
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

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
  private readonly reading: SingleRead;

  constructor(private readonly o: StretchOptions) {
    this.reading = new SingleRead(() => this.read(), o.refreshMs ?? 5_000);
  }

  /** the interval a monitor really gets: its own, or its user's floor on the host when that is longer */
  intervalFor(host: string, userId: number, intervalMs: number): number {
    const floor = this.floors.get(host)?.get(userId);
    return floor !== undefined && floor > intervalMs ? floor : intervalMs;
  }

  /**
   * a settled target's shortest interval and its owners' floors as the last reading says (the lease
   * reads only each watcher's owner and own interval): its fetch then serves and moves its watchers'
   * clocks as a fetch that read them would
   */
  stretchSettled(host: string, settled: SettledTarget): void {
    const floors = this.floors.get(host);
    if (!floors && !settled.floors) return; // never stretched: the lease's shortest is theirs
    const stretched: Record<string, number> = {};
    let shortest = Number.POSITIVE_INFINITY;
    for (const watch of settled.watches.split(",")) {
      const colon = watch.indexOf(":");
      const user = watch.slice(0, colon);
      const own = Number(watch.slice(colon + 1));
      const floor = floors?.get(Number(user)) ?? 0;
      if (floor > own) stretched[user] = floor;
      shortest = Math.min(shortest, Math.max(floor, own));
    }
    if (shortest !== Number.POSITIVE_INFINITY) settled.shortest = shortest;
    settled.floors = floors ? stretched : undefined;
  }

  /** fetches per minute the host's pages ask for, each page once at its shortest watcher's interval (last reading) */
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
    return this.reading.run(force);
  }

  private async read(): Promise<void> {
    // counted in SQL: the watches as one row per host, user, interval and number of watchers of the
    // page, and each host's pages' demand, instead of one row per page and user (20 000 monitors
    // were 20 000 rows every few seconds, more of the engine's CPU than the checks they planned).
    // A product not yet in a target is a page alone.
    const watches = await this.o.db.execute(sql`
      with watch as (
        select ${URL_HOST} as host, ${PAGE} as page, user_id, min(check_interval) as ms
        from products where is_active group by 1, 2, 3
      ),
      page as (select host, page, count(*)::int as watchers from watch group by 1, 2)
      select w.host, w.user_id, greatest(w.ms, 1)::float8 as ms, p.watchers, count(*)::int as pages
      from watch w join page p on p.host = w.host and p.page = w.page
      group by 1, 2, 3, 4`);
    const hosts = await this.o.db.execute(sql`
      select host, sum(1.0 / greatest(ms, 1))::float8 as per_ms, sum(monitors)::int as monitors
      from (
        select ${URL_HOST} as host, ${PAGE} as page, min(check_interval) as ms, count(*) as monitors
        from products where is_active group by 1, 2
      ) page group by 1`);
    const floors = new Map<string, Map<number, number>>();
    const demand = new Map<string, number>();
    const monitors = new Map<string, number>();
    const byHost = new Map<string, Map<number, Watch[]>>();
    for (const r of rowsOf(watches)) {
      const host = String(r.host ?? "");
      if (!host) continue;
      const users = byHost.get(host) ?? new Map<number, Watch[]>();
      const user = Number(r.user_id);
      const list = users.get(user) ?? [];
      list.push({ ms: Number(r.ms), share: 1 / Number(r.watchers), count: Number(r.pages) });
      users.set(user, list);
      byHost.set(host, users);
    }
    for (const r of rowsOf(hosts)) {
      const host = String(r.host ?? "");
      if (!host) continue;
      const perMs = Number(r.per_ms);
      demand.set(host, perMs * 60_000);
      monitors.set(host, Number(r.monitors));
      // stand-ins (loopback) have no budget: shown, never stretched
      if (!this.o.budgeted(host)) continue;
      const users = byHost.get(host);
      if (!users) continue;
      const hostFloors = stretchFloors(this.o.budgetOf(host).perMinute, users, perMs);
      if (hostFloors.size > 0) floors.set(host, hostFloors);
    }
    this.floors = floors;
    this.demand = demand;
    this.monitors = monitors;
  }
}
