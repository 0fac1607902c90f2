import { setMaxListeners } from "node:events";
import type { ChangeFeed } from "../db/change-feed.js";
import type { Db } from "../db/client.js";
import { type OperatorLog, silentLog } from "../operator-log.js";
import { getGlobalSettings } from "../services/settings.js";
import { ParkedChecks } from "./parked.js";
import { HeldTargets } from "./held-targets.js";
import { BatchWriter } from "./batch-writer.js";
import type { CheckRun } from "./check-runner.js";
import {
  applyReading,
  DEFAULT_REST_RULE,
  type RestRule,
  servedWatchers,
  shortestInterval,
} from "./apply-reading.js";
import { type BlindRule, DEFAULT_BLIND_RULE } from "./detect.js";
import { mayTakeSlot } from "./fair-share.js";
import type { IntervalStretch } from "./interval-stretch.js";
import { leadFor, leaseRoom } from "./lease-room.js";
import { checkDuration, checksTotal, scheduleLag } from "./metrics.js";
import { nextDueMs } from "./outcome-write.js";
import { readingKey } from "./reading-key.js";
import type { EngineStats } from "./stats.js";
import { PollLoop } from "./poll-loop.js";
import { seenByWatcher } from "./search-seen.js";
import { ALWAYS_OPEN } from "./notify/channels/index.js";
import {
  type LeasedTarget,
  adoptUntargeted,
  countActiveOwners,
  deferTargets,
  leaseDue,
  loadWatchers,
  releaseTargets,
  makeDueNow,
  releaseEveryLease,
  msUntilNextDue,
  type QueuedAlert,
  releaseLeases,
  spreadOverdue,
} from "./store.js";

/** what wakes an idle engine and says what changed: the database's change feed */
export type EngineWake = Pick<ChangeFeed, "live" | "onEngineWork" | "stamp">;

/** the options that stay unset unless given (every other one has a default) */
type UnsetByDefault =
  | "maxConcurrent"
  | "onError"
  | "maxPerHost"
  | "maxPerUser"
  | "hostLimit"
  | "stretch"
  | "roomToWrite"
  | "wake";

export interface SchedulerOptions {
  db: Db;
  workerId: string;
  check: CheckRun;
  /** total time of one check (all its requests and its parse); kept below the lease in any case */
  checkTimeoutMs?: number;
  /**
   * a hard cap on one host's checks in flight, beside its fair share (fair-share.ts) and the
   * requests the host limiter lets run at once (`hostLimit`): more would only wait there
   */
  maxPerHost?: number;
  /** a hard cap on one user's checks in flight, beside the user's fair share */
  maxPerUser?: number;
  /** the intervals stretched to the hosts' budgets (absent: every monitor keeps its own) */
  stretch?: IntervalStretch;
  /** how many requests to the host of this URL may run at once (the host limiter's limit) */
  hostLimit?: (url: string) => number;
  /** a product parked this long because its host or user is at its cap goes back to the database… */
  capWaitMs?: number;
  /** …for this long (its due time kept) */
  capDeferMs?: number;
  stats: EngineStats;
  /** outbox rows a batch committed, leased for this process's notifier: deliver them now */
  onAlertsQueued: (alerts: QueuedAlert[]) => void;
  /** how long those rows stay leased to this process before any notifier may take them */
  alertLeaseMs?: number;
  /** the per-user channels open in this process (e-mail only when SMTP is set up) */
  openChannels?: readonly string[];
  /** a lease outlives any check; if the worker dies another takes the product after it */
  leaseMs?: number;
  /** first checks after start are spread over this much (capped by each interval) */
  startJitterMs?: number;
  settingsRefreshMs?: number;
  /** overrides Settings' maxConcurrentChecks (benchmarks) */
  maxConcurrent?: number;
  /** outcomes are written together at most this long after the check */
  flushDelayMs?: number;
  /**
   * batch statements under way at once; 1 for PGlite, which runs them one after another anyway
   * (a batch with alerts may always go beside them)
   */
  maxWrites?: number;
  /**
   * rows one lease or one batch write touches at most. PGlite runs a statement on the event loop's
   * thread, so it gets small ones: many short blocks rather than a few long ones
   */
  maxStatementRows?: number;
  onError?: (error: unknown) => void;
  /** one line per event an operator should know of (a monitor that paused itself) */
  log?: OperatorLog;
  /** when a monitor is blind (default: 10 of its intervals, 10 min at least) */
  blind?: BlindRule;
  /** how a missing page rests and when its monitors pause (default: up to 1 h, paused after 24 h) */
  rest?: RestRule;
  /** false while the disk is under its floor for writes: nothing new is leased (disk-room.ts) */
  roomToWrite?: () => boolean;
  /**
   * how long a settled target stays leased between its checks, its clocks written once at the end
   * (held-targets.ts); 0: written at every check. Only for targets due again within it
   */
  holdSettledMs?: number;
  /**
   * no other engine process shares the database (the embedded one): leases an earlier run left
   * (killed before it handed them back) are this process's own, handed back at start instead of
   * waited out
   */
  soleEngine?: boolean;
  /**
   * Wakes the idle engine when a product needs it (any process's write): while it is live the
   * engine sleeps until its next due fetch (IDLE_SLEEP_MAX_MS at most) and looks for new products
   * only when told; without it, it polls every second and looks every ADOPT_EVERY_MS.
   */
  wake?: EngineWake;
}

/** a check ends this much before its lease at the latest, so its outcome is written while leased */
const leaseMargin = (leaseMs: number) => Math.min(5_000, Math.floor(leaseMs / 4));

/** a batch this big is written at once */
const BATCH_MAX = 500;
const IDLE_POLL_MAX_MS = 1000;
/** the longest idle sleep while the wake-ups are live: a missed notification costs this much at most */
const IDLE_SLEEP_MAX_MS = 30_000;
/** the settings and the owners' count while nothing changed (they are read every settingsRefreshMs while the products or settings change) */
const SETTINGS_QUIET_REFRESH_MS = 60_000;
/** a host's limit of checks at once follows its allotment, read again this often */
const HOST_LIMIT_TTL_MS = 1000;
/** between leases while checks run and the last lease found fewer due products than it asked for */
const BUSY_POLL_MS = 15;
/** products placed in their targets per statement, and how often the lease loop looks for new ones */
const ADOPT_BATCH = 500;
const ADOPT_EVERY_MS = 250;

/**
 * Leases due targets in batches and runs their checks under the global cap: one fetch per target,
 * however many products watch it (below, "product" is the leased target the check is for). Every
 * fetch's reading is applied to each watcher (apply-reading.ts) and joins a batch written in one
 * statement a few ms later: one transaction for many checks.
 */
export class Scheduler {
  private running = false;
  private readonly poll = new PollLoop(() => this.tick(), {
    errorPauseMs: 500,
    onError: (error) => this.o.onError?.(error),
  });
  private readonly queue: LeasedTarget[] = [];
  private inFlight = 0;
  private readonly checks = new Set<Promise<void>>();
  /** products whose check runs: a product re-leased meanwhile (same worker) is not checked twice */
  private readonly checking = new Set<number>();
  private readonly perHost = new Map<string, number>();
  /** leased products whose user or host was at its cap when their turn came */
  private readonly parked = new ParkedChecks();
  /** settled targets kept leased between their checks (holdSettledMs), checked again with the lease's lead */
  private readonly held = new HeldTargets(
    () => this.leadMs,
    (due) => this.checkHeld(due),
  );
  /** targets leased before this moment are not held again: a wake said a product changed */
  private holdsEndedAt = 0;
  private readonly perUser = new Map<number, number>();
  /** each host's limit (its allotment may change) with a URL to ask it by */
  private readonly hostLimits = new Map<string, { url: string; limit: number; at: number }>();
  /** aborted by stop(): the checks under way give up and their products are handed back */
  private readonly shutdown = unlimitedController();
  private lastFinished = 0;
  /** the last lease took as many as it asked for: more products may be due now */
  private moreDue = false;
  private readonly writer: BatchWriter;
  private cap = 10;
  private notificationsEnabled = true;
  private errorAlertsEnabled = true;
  private settingsReadAt = 0;
  private adoptedAt = 0;
  /** a product may be waiting for its target (told by `wake`, or not known: true) */
  private adoptWanted = true;
  private settingsStamp = "";
  private stopWaking: (() => void) | null = null;
  /** the loop sleeps longer than IDLE_POLL_MAX_MS (until its next due fetch) */
  private sleepingLong = false;
  /** the earliest next due time (epoch ms) written since the loop last reckoned its sleep */
  private writtenSoonest = Number.POSITIVE_INFINITY;
  /** users and hosts with active products (read with the settings): a share is kept for those not in flight */
  private owners = { users: 2, hosts: 2, shortestIntervalMs: 0 };
  /** how early a due target is leased (leadFor the shortest interval watched; see lease-room.ts) */
  private leadMs = 0;
  private readonly o: Required<Omit<SchedulerOptions, UnsetByDefault>> &
    Pick<SchedulerOptions, UnsetByDefault>;

  constructor(options: SchedulerOptions) {
    this.o = {
      leaseMs: 60_000,
      startJitterMs: 10_000,
      settingsRefreshMs: 5_000,
      flushDelayMs: 20,
      maxWrites: 3,
      maxStatementRows: BATCH_MAX,
      alertLeaseMs: 60_000,
      checkTimeoutMs: 15_000,
      capWaitMs: 1_000,
      capDeferMs: 1_000,
      holdSettledMs: 0,
      soleEngine: false,
      openChannels: ALWAYS_OPEN,
      blind: DEFAULT_BLIND_RULE,
      rest: DEFAULT_REST_RULE,
      log: silentLog,
      ...options,
    };
    this.writer = new BatchWriter({
      db: this.o.db,
      workerId: this.o.workerId,
      onAlertsQueued: this.o.onAlertsQueued,
      alertLeaseMs: this.o.alertLeaseMs,
      openChannels: this.o.openChannels,
      flushDelayMs: this.o.flushDelayMs,
      maxWrites: this.o.maxWrites,
      maxStatementRows: this.o.maxStatementRows,
      onError: this.o.onError,
      // the targets just written counted at their lease's end in the idle sleep's reckoning: reckon again
      // and a target written while the loop sleeps less than that is due by its own next time: the
      // loop's reckoning was made while it was in flight and could not count it
      onRenewed: (ids, kept) => this.held.renewed(ids, kept),
      onWritten: (soonest) => {
        // nothing written is due (held on in memory, or watched by nobody): the loop's reckoning holds
        if (soonest === Number.POSITIVE_INFINITY) return;
        this.writtenSoonest = Math.min(this.writtenSoonest, soonest);
        if (this.sleepingLong) this.wake();
        else this.poll.wakeBy(soonest);
      },
    });
  }

  /** epoch ms of the last check that finished (0 before the first) */
  get lastCheckFinishedAt(): number {
    return this.lastFinished;
  }

  async start(): Promise<void> {
    // products from before targets existed, or added while no engine ran, are placed first: the
    // settings' stretch counts pages, and an unplaced product would count as a page of its own
    this.stopWaking =
      this.o.wake?.onEngineWork(() => {
        this.adoptWanted = true;
        // a product was added, edited or made due: held targets go back at their next check, so
        // the change is read by the next lease
        this.holdsEndedAt = Date.now();
        this.wake();
      }) ?? null;
    if (this.o.soleEngine) await releaseEveryLease(this.o.db);
    while ((await this.adopt()) === ADOPT_BATCH) {}
    await this.refreshSettings(true);
    if (this.o.startJitterMs > 0) await spreadOverdue(this.o.db, this.o.startJitterMs);
    this.running = true;
    this.poll.start();
  }

  /**
   * abort the checks under way (whatever their hosts do), write the outcomes already known and hand
   * back every lease at once, so another worker takes those products without waiting for expiry
   */
  async stop(): Promise<void> {
    this.running = false;
    this.stopWaking?.();
    const loopDone = this.poll.stop();
    this.queue.length = 0;
    this.parked.clear();
    this.shutdown.abort(new Error("engine stopping"));
    await Promise.all(this.checks);
    await loopDone;
    for (const write of this.held.endAll()) this.writer.settled(write);
    await this.writer.drain();
    await releaseLeases(this.o.db, this.o.workerId);
  }

  async checkSoon(productId: number): Promise<void> {
    await makeDueNow(this.o.db, productId);
    await this.adopt();
    this.wake();
  }

  /** places products without a target in theirs (new, edited); answers how many it found */
  private async adopt(): Promise<number> {
    this.adoptedAt = Date.now();
    this.adoptWanted = false;
    const placed = await adoptUntargeted(this.o.db, ADOPT_BATCH);
    // a full batch: more may wait
    if (placed === ADOPT_BATCH) this.adoptWanted = true;
    return placed;
  }

  /** wake-ups arrive: idle, the engine may sleep until its next due fetch */
  private get wakeLive(): boolean {
    return this.o.wake?.live === true;
  }

  get concurrency(): number {
    return this.cap;
  }

  private wake(): void {
    this.poll.wake();
  }

  private async refreshSettings(force = false): Promise<void> {
    const age = Date.now() - this.settingsReadAt;
    if (!force && age < this.o.settingsRefreshMs) return;
    // quiet (nothing the reading depends on changed, the feed says so): read once a minute
    const stamp = this.o.wake?.stamp(["app_settings", "products", "users"]) ?? "";
    if (!force && this.wakeLive && stamp === this.settingsStamp && age < SETTINGS_QUIET_REFRESH_MS) return;
    this.settingsStamp = stamp;
    this.settingsReadAt = Date.now();
    const settings = await getGlobalSettings(this.o.db);
    this.cap = this.o.maxConcurrent ?? settings.maxConcurrentChecks;
    this.notificationsEnabled = settings.enableNotifications;
    this.errorAlertsEnabled = settings.enableErrorAlerts;
    this.owners = await countActiveOwners(this.o.db);
    this.leadMs = leadFor(this.owners.shortestIntervalMs);
    await this.o.stretch?.refresh();
  }

  /** each watcher's next check comes after the interval it really gets (its host's budget) */
  private stretchWatchers(target: LeasedTarget, stretch: IntervalStretch): void {
    for (const watcher of target.watchers) {
      watcher.checkInterval = stretch.intervalFor(target.host, watcher.userId, watcher.checkInterval);
    }
  }

  /** one turn of the lease loop: answers how long to wait before the next */
  private async tick(): Promise<number> {
    this.sleepingLong = false;
    const pause = await this.turn();
    this.sleepingLong = pause > IDLE_POLL_MAX_MS;
    return pause;
  }

  private async turn(): Promise<number> {
    let pause = BUSY_POLL_MS;
    this.handBackParked();
    await this.refreshSettings();
    const adoptDue = this.adoptWanted || !this.wakeLive || Date.now() - this.adoptedAt >= IDLE_SLEEP_MAX_MS;
    if (adoptDue && Date.now() - this.adoptedAt >= ADOPT_EVERY_MS) await this.adopt();
    // parked products beyond one cap's worth count against the lease, so a busy user or host
    // is not leased and handed back over and over
    const overParked = Math.max(0, this.parked.size - this.cap);
    if (this.o.roomToWrite && !this.o.roomToWrite()) {
      this.o.stats.roundsWithoutRoom++;
      return IDLE_POLL_MAX_MS;
    }
    const room = leaseRoom({
      cap: this.cap,
      queued: this.queue.length,
      inFlight: this.inFlight,
      overParked,
      checksPerSecond: this.o.stats.checksLastSecond(),
      leadMs: this.leadMs,
    });
    if (this.queue.length + this.inFlight < this.cap && room > 0) {
      const want = Math.min(room, this.o.maxStatementRows);
      this.o.stats.leaseRounds++;
      const leased = this.tooEarlyHandedBack(
        await leaseDue(this.o.db, this.o.workerId, want, this.o.leaseMs, this.leadMs),
      );
      if (!this.running) {
        await releaseLeases(this.o.db, this.o.workerId);
        return 0;
      }
      this.o.stats.leasedTargets += leased.length;
      if (this.o.stretch) for (const target of leased) this.stretchWatchers(target, this.o.stretch);
      this.queue.push(...leased);
      this.startChecks();
      this.moreDue = leased.length === want;
      if (this.moreDue) pause = 0;
      else {
        // the lease took less than it asked: nothing more is due before `next`, whatever is in
        // flight (a check's write wakes a long sleep, see onWritten); parked checks are handed back
        // within a second
        const longest = this.wakeLive && this.parked.size === 0 ? IDLE_SLEEP_MAX_MS : IDLE_POLL_MAX_MS;
        this.writtenSoonest = Number.POSITIVE_INFINITY;
        const next = await msUntilNextDue(this.o.db);
        pause = next === null ? longest : Math.min(longest, Math.max(5, next));
        // a write landed meanwhile: its targets' times were not in that reckoning, the soonest of
        // them is (before, the loop looked again 15 ms later: a lease more per write, most of them
        // taking a handful of targets; at 1 s intervals a third of the leases)
        if (this.writtenSoonest !== Number.POSITIVE_INFINITY)
          pause = Math.min(pause, Math.max(5, this.writtenSoonest - Date.now()));
      }
    }
    // a wake that came under ADOPT_EVERY_MS after the last look for new products put that look off:
    // off until it is allowed, not for a whole idle sleep
    if (this.adoptWanted)
      pause = Math.min(pause, Math.max(5, ADOPT_EVERY_MS - (Date.now() - this.adoptedAt)));
    return pause;
  }

  /**
   * The lead comes from the shortest interval read with the settings: a faster product added since
   * may have been leased further ahead than its own interval allows. It goes back (due time kept)
   * and the lead shrinks to its measure until the next reading.
   */
  private tooEarlyHandedBack(leased: LeasedTarget[]): LeasedTarget[] {
    if (this.leadMs === 0) return leased;
    const now = Date.now();
    const early: LeasedTarget[] = [];
    for (const target of leased) {
      if (target.watchers.length === 0 || target.dueAt.getTime() <= now) continue;
      const lead = leadFor(shortestInterval(target.watchers));
      if (target.dueAt.getTime() - now > lead) {
        early.push(target);
        this.leadMs = Math.min(this.leadMs, lead);
      }
    }
    if (early.length === 0) return leased;
    // handed back, they are due at their own time, which the loop's sleep may not have counted
    const soonest = Math.min(...early.map((t) => t.dueAt.getTime()));
    this.writer.track(
      releaseTargets(
        this.o.db,
        this.o.workerId,
        early.map((t) => t.id),
      ).then(() => this.poll.wakeBy(soonest)),
    );
    return leased.filter((t) => !early.includes(t));
  }

  /** the product's user or host may not take a slot now (its fair share, see fair-share.ts) */
  private overCap(product: LeasedTarget): boolean {
    return this.userFull(product) || this.hostFull(product);
  }

  private userFull(product: LeasedTarget): boolean {
    const held = this.perUser.get(product.userId) ?? 0;
    if (this.o.maxPerUser !== undefined && held >= this.o.maxPerUser) return true;
    return !mayTakeSlot({
      cap: this.cap,
      inFlight: this.inFlight,
      key: product.userId,
      held: this.perUser,
      known: this.owners.users,
    });
  }

  private hostFull(product: LeasedTarget): boolean {
    const held = this.perHost.get(product.host) ?? 0;
    if (this.o.maxPerHost !== undefined && held >= this.o.maxPerHost) return true;
    return !mayTakeSlot({
      cap: this.cap,
      inFlight: this.inFlight,
      key: product.host,
      held: this.perHost,
      known: this.owners.hosts,
      limit: this.hostCeiling,
    });
  }

  /** a host's checks in flight never pass what its limiter lets run at once: more would only wait there */
  private readonly hostCeiling = (host: string): number => this.hostLimitOf(host) ?? this.cap;

  /** asked at most once a second per host: a parked scan asks for every parked product */
  private hostLimitOf(host: string): number | undefined {
    const known = this.hostLimits.get(host);
    if (!this.o.hostLimit || !known) return undefined;
    const now = Date.now();
    if (now - known.at > HOST_LIMIT_TTL_MS) {
      known.limit = this.o.hostLimit(known.url);
      known.at = now;
    }
    return known.limit;
  }

  private learnHost(product: LeasedTarget): void {
    if (this.o.hostLimit && !this.hostLimits.has(product.host)) {
      this.hostLimits.set(product.host, {
        url: product.url,
        limit: this.o.hostLimit(product.url),
        at: Date.now(),
      });
    }
  }

  /**
   * starts queued checks while there are slots. `freed` (a check that just ended) first gives its
   * slot to a product parked for the same user or host, if any.
   */
  private startChecks(freed?: LeasedTarget): void {
    if (freed && this.parked.size > 0 && this.inFlight < this.cap) this.startParked(freed);
    while (this.inFlight < this.cap && this.queue.length > 0) {
      const product = this.queue.shift() as LeasedTarget;
      if (this.checking.has(product.id)) continue;
      this.learnHost(product);
      if (this.overCap(product)) {
        // one host or one user must not take every slot: its product waits aside, not in the queue
        // leased ahead of its due time (the lease's lead), it is not waiting yet
        this.parked.add(product, Math.max(Date.now(), product.dueAt.getTime()));
      } else this.launch(product);
    }
    this.handBackParked();
  }

  /** the oldest parked product of the freed check's user or host that may start now */
  private startParked(freed: LeasedTarget): void {
    // nothing starts during the scan, so each user's answer holds for all of it: asked once per
    // user, not once per parked product of the freed host (takeFor asks each host once already)
    const userFull = new Map<number, boolean>();
    const next = this.parked.takeFor(
      freed,
      (p) => this.hostFull(p),
      (p) => memo(userFull, p.userId, () => this.userFull(p)),
    );
    if (next) this.launch(next);
  }

  /**
   * products parked longer than capWaitMs, or beyond twice the cap, go back to the database for
   * capDeferMs: a slow host or a busy user waits there, not in this worker's memory and lease
   */
  private handBackParked(): void {
    if (this.parked.size === 0) return;
    const back = this.parked.expire(Date.now(), this.o.capWaitMs, this.cap * 2).map((p) => p.id);
    if (back.length > 0) {
      // a held target's unwritten clocks are dropped with it: its next check writes them
      for (const id of back) this.held.take(id);
      // awaited by stop() with the batch writes, so none runs after the leases are handed back.
      // The loop may have reckoned its sleep while they were still leased (counted at the lease's
      // end, minutes away): once handed back they are due when the hold ends, so it wakes by then
      this.writer.track(
        deferTargets(this.o.db, this.o.workerId, back, this.o.capDeferMs).then(() =>
          this.poll.wakeBy(Date.now() + this.o.capDeferMs),
        ),
      );
    }
  }

  private launch(product: LeasedTarget): void {
    const host = product.host;
    this.perHost.set(host, (this.perHost.get(host) ?? 0) + 1);
    this.perUser.set(product.userId, (this.perUser.get(product.userId) ?? 0) + 1);
    this.checking.add(product.id);
    this.inFlight++;
    const task = this.runOne(product)
      .catch((error) => this.o.onError?.(error))
      .finally(() => {
        this.inFlight--;
        this.checking.delete(product.id);
        decrement(this.perHost, host);
        decrement(this.perUser, product.userId);
        this.checks.delete(task);
        if (this.running) this.startChecks(product);
        // a finished check frees a slot; lease again at once only if more were due than the last
        // lease took (otherwise every check would cost a lease query: the next poll is near)
        if (this.moreDue && this.queue.length + this.inFlight < this.cap) this.wake();
      });
    this.checks.add(task);
  }

  /** a settled target's watchers, read when its fetch needs them (stretched as the lease's are) */
  private async readWatchers(target: LeasedTarget): Promise<void> {
    target.watchers = await loadWatchers(this.o.db, this.o.workerId, target);
    target.settled = null;
    if (this.o.stretch) this.stretchWatchers(target, this.o.stretch);
  }

  /**
   * a settled target stays leased until its next check when that check falls within the hold
   * counted from a lease begun at `leasedAt` (its lease, or the renewal its write would make) and
   * its whole deadline within that lease
   */
  private mayHold(target: LeasedTarget, next: number, leasedAt = target.leasedAt): boolean {
    const { holdSettledMs, leaseMs, checkTimeoutMs } = this.o;
    return (
      this.running &&
      holdSettledMs > 0 &&
      target.leasedAt > this.holdsEndedAt &&
      next - leasedAt <= holdSettledMs &&
      next + checkTimeoutMs <= leasedAt + leaseMs - leaseMargin(leaseMs)
    );
  }

  /** held targets whose next check is due: they queue as leased ones do */
  private checkHeld(targets: LeasedTarget[]): void {
    if (!this.running) return;
    this.queue.push(...targets);
    this.startChecks();
  }

  private async runOne(product: LeasedTarget): Promise<void> {
    // a host over its budget gives each watcher its owner's share: a settled target's interval and
    // its clocks' write follow the owners' floors, without reading the watchers
    if (product.settled && this.o.stretch) this.o.stretch.stretchSettled(product.host, product.settled);
    if (!product.settled && servedWatchers(product, Date.now()).length === 0) {
      // nobody watches it now (turned off, deleted) or no watcher is due: only its due time is written
      this.writer.reading({ target: { id: product.id, next: null }, checks: [], activities: [], alerts: [] });
      return;
    }
    const started = Date.now();
    const lagMs = started > product.dueAt.getTime() ? started - product.dueAt.getTime() : 0;
    scheduleLag.observe(lagMs / 1000);
    this.o.stats.recordCheck(lagMs, started, product.url);
    const leaseEnds = product.leasedAt + this.o.leaseMs - leaseMargin(this.o.leaseMs);
    const outcome = await this.o.check(product, {
      deadline: Math.min(started + this.o.checkTimeoutMs, leaseEnds),
      hardDeadline: leaseEnds,
      signal: this.shutdown.signal,
    });
    const now = new Date();
    const at = now.getTime();
    this.lastFinished = at;
    // a held target's last check is superseded by this one's write, or written now if nothing is learnt
    const unwritten = this.held.take(product.id);
    // stopped under way: nothing was learnt, the product is handed back with the other leases
    if (this.shutdown.signal.aborted && !("kind" in outcome)) {
      if (unwritten) this.writer.settled(unwritten);
      return;
    }
    checkDuration.observe((at - started) / 1000);
    checksTotal.inc({ result: "kind" in outcome ? "ok" : outcome.reason });
    const key = "kind" in outcome ? readingKey(outcome) : null;
    if (product.settled) {
      const { shortest, floors } = product.settled;
      if (key === product.settled.key) {
        // the same answer every watcher read with nothing changed: only their clocks move
        const next = nextDueMs(product.dueAt.getTime(), shortest, started, at);
        // written at the hold's end, where the watchers' rows still hold the due time of its start:
        // a check started early (within the lead) counts from its due time, so the phase holds
        const write = {
          id: product.id,
          started: Math.max(started, product.dueAt.getTime()),
          at,
          shortest,
          key,
          next,
          ...(floors ? { floors } : {}),
        };
        this.o.stats.settledFetches++;
        if (this.mayHold(product, next)) this.held.keep(product, write);
        else if (this.mayHold(product, next, at)) {
          // the hold's window is over: its write renews the lease, and the hold goes on if it was kept
          this.held.renew(product, write);
          this.writer.settled({ ...write, renewMs: this.o.leaseMs });
        } else this.writer.settled(write);
        return;
      }
      // something new (or a failure): each watcher's own detection, as for any target
      await this.readWatchers(product);
    }
    // a search's new ids are those the database has not seen for each watcher
    const seen =
      "kind" in outcome && outcome.kind === "search"
        ? await seenByWatcher(
            this.o.db,
            product.watchers.map((w) => w.id),
            outcome.items.map((i) => i.id),
          )
        : undefined;
    // the one reading applied to each watcher's own state, rules and channels, in one transaction
    const writes = applyReading(product, outcome, {
      now,
      startedAt: started,
      enableErrorAlerts: this.errorAlertsEnabled,
      seen,
      notificationsEnabled: this.notificationsEnabled,
      blind: this.o.blind,
      rest: this.o.rest,
      key,
    });
    for (const check of writes.checks) {
      if (check.changes?.deactivate)
        this.o.log.warn(`Monitor ${check.id} pausado: a página ${product.url} já não existe`);
    }
    this.writer.reading(writes);
  }
}

/** one listener per check under way: more than the default warning's 10 */
function unlimitedController(): AbortController {
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  return controller;
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const n = (counts.get(key) ?? 1) - 1;
  if (n <= 0) counts.delete(key);
  else counts.set(key, n);
}

function memo<K, V>(answers: Map<K, V>, key: K, ask: () => V): V {
  if (answers.has(key)) return answers.get(key) as V;
  const answer = ask();
  answers.set(key, answer);
  return answer;
}
