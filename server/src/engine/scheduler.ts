import { setMaxListeners } from "node:events";
import type { Db } from "../db/client.js";
import { getGlobalSettings } from "../services/settings.js";
import { type CheckRun, checkLogOf } from "./check-runner.js";
import { buildCheckDetail } from "./check-detail.js";
import { detect } from "./detect.js";
import { checkDuration, checksTotal, scheduleLag } from "./metrics.js";
import type { EngineStats } from "./stats.js";
import { alertSummary } from "./notify/alert.js";
import { alertsGoOut } from "./notify/gate.js";
import { PollLoop } from "./poll-loop.js";
import {
  type CheckBatch,
  type CheckWrite,
  emptyBatch,
  type LeasedProduct,
  countActiveOwners,
  deferProducts,
  leaseDue,
  makeDueNow,
  msUntilNextDue,
  type QueuedAlert,
  releaseLeases,
  releaseProducts,
  spreadOverdue,
  writeBatch,
} from "./store.js";

export interface SchedulerOptions {
  db: Db;
  workerId: string;
  check: CheckRun;
  /** total time of one check (all its requests and its parse); kept below the lease in any case */
  checkTimeoutMs?: number;
  /**
   * checks of one host in flight at once. Default: the share a user gets (below) while products
   * of more than one host are active, and no more than
   * the requests the host limiter lets run at once (`hostLimit`): more would only wait there,
   * holding slots the others need
   */
  maxPerHost?: number;
  /**
   * checks of one user's products in flight at once. Default: half of maxConcurrentChecks from 4
   * slots up (below that there is nothing to split), while more than one user has active products
   */
  maxPerUser?: number;
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
  /** alerts also go by e-mail to owners who allow it (SMTP is set up) */
  emailAlerts?: boolean;
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
}

/** a check ends this much before its lease at the latest, so its outcome is written while leased */
const leaseMargin = (leaseMs: number) => Math.min(5_000, Math.floor(leaseMs / 4));

/** a batch this big is written at once */
const BATCH_MAX = 500;
const IDLE_POLL_MAX_MS = 1000;
/** between leases while checks run and the last lease found fewer due products than it asked for */
const BUSY_POLL_MS = 15;

/**
 * Leases due products in batches and runs them under the global cap. Every check's outcome (its
 * bookkeeping and, when something changed, the new state, activity and outbox rows) joins a batch
 * written in one statement a few ms later: one transaction for many checks.
 */
export class Scheduler {
  private running = false;
  private readonly poll = new PollLoop(() => this.tick(), {
    errorPauseMs: 500,
    onError: (error) => this.o.onError?.(error),
  });
  private readonly queue: LeasedProduct[] = [];
  private inFlight = 0;
  private readonly checks = new Set<Promise<void>>();
  /** products whose check runs: a product re-leased meanwhile (same worker) is not checked twice */
  private readonly checking = new Set<number>();
  private readonly perHost = new Map<string, number>();
  /** leased products whose user or host was at its cap when their turn came */
  private readonly parked: LeasedProduct[] = [];
  private readonly parkedAt = new WeakMap<LeasedProduct, number>();
  private readonly perUser = new Map<number, number>();
  /** aborted by stop(): the checks under way give up and their products are handed back */
  private readonly shutdown = unlimitedController();
  private lastFinished = 0;
  /** the last lease took as many as it asked for: more products may be due now */
  private moreDue = false;
  private batch: CheckBatch = emptyBatch();
  /**
   * outcomes that queue alerts: written on their own right after the I/O callbacks of this turn of
   * the event loop, beside (not behind) the routine batches
   */
  private urgent: CheckBatch = emptyBatch();
  private urgentTimer: NodeJS.Immediate | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly writes = new Set<Promise<void>>();
  private flushWanted = false;
  private routineWrites = 0;
  private cap = 10;
  private notificationsEnabled = true;
  private errorAlertsEnabled = true;
  private settingsReadAt = 0;
  /** users and hosts with active products (read with the settings): one alone is not capped */
  private owners = { users: 2, hosts: 2 };
  private readonly o: Required<
    Omit<SchedulerOptions, "maxConcurrent" | "onError" | "maxPerHost" | "maxPerUser" | "hostLimit">
  > &
    Pick<SchedulerOptions, "maxConcurrent" | "onError" | "maxPerHost" | "maxPerUser" | "hostLimit">;

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
      emailAlerts: false,
      ...options,
    };
  }

  /** epoch ms of the last check that finished (0 before the first) */
  get lastCheckFinishedAt(): number {
    return this.lastFinished;
  }

  async start(): Promise<void> {
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
    const loopDone = this.poll.stop();
    this.queue.length = 0;
    this.parked.length = 0;
    this.shutdown.abort(new Error("engine stopping"));
    await Promise.all(this.checks);
    await loopDone;
    while (this.batch.checks.length > 0 || this.urgent.checks.length > 0 || this.writes.size > 0) {
      this.flushUrgent();
      this.flush();
      await Promise.all(this.writes);
    }
    await releaseLeases(this.o.db, this.o.workerId);
  }

  async checkSoon(productId: number): Promise<void> {
    await makeDueNow(this.o.db, productId);
    this.wake();
  }

  get concurrency(): number {
    return this.cap;
  }

  private wake(): void {
    this.poll.wake();
  }

  private async refreshSettings(force = false): Promise<void> {
    if (!force && Date.now() - this.settingsReadAt < this.o.settingsRefreshMs) return;
    this.settingsReadAt = Date.now();
    const settings = await getGlobalSettings(this.o.db);
    this.cap = this.o.maxConcurrent ?? settings.maxConcurrentChecks;
    this.notificationsEnabled = settings.enableNotifications;
    this.errorAlertsEnabled = settings.enableErrorAlerts;
    if (this.o.maxPerUser === undefined || this.o.maxPerHost === undefined) {
      this.owners = await countActiveOwners(this.o.db);
    }
  }

  /** one turn of the lease loop: answers how long to wait before the next */
  private async tick(): Promise<number> {
    let pause = BUSY_POLL_MS;
    this.handBackParked();
    await this.refreshSettings();
    // parked products beyond one cap's worth count against the lease, so a busy user or host
    // is not leased and handed back over and over
    const overParked = Math.max(0, this.parked.length - this.cap);
    const room = this.cap * 2 - this.queue.length - this.inFlight - overParked;
    if (this.queue.length + this.inFlight < this.cap && room > 0) {
      const want = Math.min(room, this.o.maxStatementRows);
      const leased = await leaseDue(this.o.db, this.o.workerId, want, this.o.leaseMs);
      if (!this.running) {
        await releaseLeases(this.o.db, this.o.workerId);
        return 0;
      }
      this.queue.push(...leased);
      this.startChecks();
      if (leased.length === 0 && this.inFlight === 0) {
        const next = await msUntilNextDue(this.o.db);
        pause = next === null ? IDLE_POLL_MAX_MS : Math.min(IDLE_POLL_MAX_MS, Math.max(5, next));
      }
      this.moreDue = leased.length === want;
      if (this.moreDue) pause = 0;
    }
    return pause;
  }

  /** slots one user (or host) may hold: half from 4 slots up, below that there is nothing to split */
  private share(): number {
    return this.cap >= 4 ? Math.ceil(this.cap / 2) : this.cap;
  }

  /** the product's user or host already has as many checks in flight as it may */
  private overCap(product: LeasedProduct, share: number): boolean {
    // a share is kept from one user (host) only when there is another to keep it for
    const perUser = this.o.maxPerUser ?? (this.owners.users > 1 ? share : this.cap);
    if ((this.perUser.get(product.userId) ?? 0) >= perUser) return true;
    const hostShare = this.owners.hosts > 1 ? share : this.cap;
    const perHost = this.o.maxPerHost ?? Math.min(hostShare, this.o.hostLimit?.(product.url) ?? hostShare);
    return (this.perHost.get(product.host) ?? 0) >= perHost;
  }

  /**
   * starts queued checks while there are slots. `freed` (a check that just ended) first gives its
   * slot to a product parked for the same user or host, if any.
   */
  private startChecks(freed?: LeasedProduct): void {
    const share = this.share();
    if (freed && this.parked.length > 0 && this.inFlight < this.cap) this.startParked(freed, share);
    while (this.inFlight < this.cap && this.queue.length > 0) {
      const product = this.queue.shift() as LeasedProduct;
      if (this.checking.has(product.id)) continue;
      if (this.overCap(product, share)) {
        // one host or one user must not take every slot: its product waits aside, not in the queue
        this.parkedAt.set(product, Date.now());
        this.parked.push(product);
      } else this.launch(product);
    }
    this.handBackParked();
  }

  /** the first parked product of the freed check's user or host that may start now */
  private startParked(freed: LeasedProduct, share: number): void {
    for (let i = 0; i < this.parked.length; i++) {
      const product = this.parked[i];
      if (product.userId !== freed.userId && product.host !== freed.host) continue;
      if (this.overCap(product, share)) continue;
      this.parked.splice(i, 1);
      this.launch(product);
      return;
    }
  }

  /**
   * products parked longer than capWaitMs, or beyond twice the cap, go back to the database for
   * capDeferMs: a slow host or a busy user waits there, not in this worker's memory and lease
   */
  private handBackParked(): void {
    if (this.parked.length === 0) return;
    const now = Date.now();
    const limit = this.cap * 2;
    const back: number[] = [];
    for (let i = 0; i < this.parked.length; ) {
      const product = this.parked[i];
      const waited = now - (this.parkedAt.get(product) ?? now);
      if (this.parked.length > limit || waited >= this.o.capWaitMs) {
        this.parked.splice(i, 1);
        back.push(product.id);
      } else i++;
    }
    if (back.length > 0) {
      // awaited by stop() with the batch writes, so none runs after the leases are handed back
      const write = deferProducts(this.o.db, this.o.workerId, back, this.o.capDeferMs)
        .catch((error) => this.o.onError?.(error))
        .finally(() => this.writes.delete(write));
      this.writes.add(write);
    }
  }

  private launch(product: LeasedProduct): void {
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

  private async runOne(product: LeasedProduct): Promise<void> {
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
    // stopped under way: nothing was learnt, the product is handed back with the other leases
    if (this.shutdown.signal.aborted && !("kind" in outcome)) return;
    checkDuration.observe((at - started) / 1000);
    checksTotal.inc({ result: "kind" in outcome ? "ok" : outcome.reason });
    const detection = detect(product, outcome, { enableErrorAlerts: this.errorAlertsEnabled, now });
    const u = detection.update;
    const write: CheckWrite = {
      id: product.id,
      next: nextDueMs(product.dueAt.getTime(), product.checkInterval, at),
      ok: u.checked,
      streak: u.failureStreak,
      err: u.lastError,
      at,
    };
    if (!detection.needsTransaction) {
      this.batch.checks.push(write);
      this.scheduleFlush();
      return;
    }
    const changes: NonNullable<CheckWrite["changes"]> = {};
    if (u.status !== undefined) changes.status = u.status;
    if (u.availableSizes !== undefined) changes.sizes = JSON.stringify(u.availableSizes);
    if (u.lastNotifiedStatus !== undefined) changes.notifiedStatus = u.lastNotifiedStatus;
    if (u.lastNotifiedSizes !== undefined) changes.notifiedSizes = JSON.stringify(u.lastNotifiedSizes);
    if (u.price !== undefined) changes.price = u.price;
    if (u.currency !== undefined) changes.currency = u.currency;
    if (u.imageUrl !== undefined) changes.image = u.imageUrl;
    if (u.engineState !== undefined) changes.state = u.engineState;
    // the first failure of a streak keeps what it read, so the card's failure box can show it; so
    // does a change the browser route read, so the detail says it came "via browser"
    const keepsDetail = !("kind" in outcome) || (outcome.kind === "product" && outcome.route === "browser");
    const log = keepsDetail ? checkLogOf(outcome) : undefined;
    if (log) changes.detail = buildCheckDetail(outcome, log, "engine", at);
    write.changes = changes;
    const alerting =
      detection.alerts.length > 0 &&
      alertsGoOut({ notificationsEnabled: this.notificationsEnabled, webhookUrl: product.webhookUrl });
    // every row of one product goes in the same batch: its state, activity and alerts commit together
    const batch = alerting ? this.urgent : this.batch;
    batch.checks.push(write);
    for (const a of detection.activities) batch.activities.push({ productId: product.id, ...a });
    if (alerting) {
      for (const alert of detection.alerts) {
        batch.alerts.push({
          productId: product.id,
          payload: alert,
          message: alertSummary(alert),
          type: alert.kind,
        });
      }
      this.urgentTimer ??= setImmediate(() => this.flushUrgent());
    } else {
      this.scheduleFlush();
    }
  }

  private scheduleFlush(): void {
    if (this.batch.checks.length >= this.o.maxStatementRows) this.flush();
    else this.flushTimer ??= setTimeout(() => this.flush(), this.o.flushDelayMs);
  }

  /** writes the outcomes that queue alerts now, beside any batch under way */
  private flushUrgent(): void {
    if (this.urgentTimer) {
      clearImmediate(this.urgentTimer);
      this.urgentTimer = null;
    }
    if (this.urgent.checks.length === 0) return;
    const batch = this.urgent;
    this.urgent = emptyBatch();
    const write = this.write(batch).finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  /** starts writing the current batch, unless maxWrites batches are under way (then after one) */
  private flush(): void {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    if (this.batch.checks.length === 0) return;
    if (this.routineWrites >= this.o.maxWrites) {
      this.flushWanted = true;
      return;
    }
    const [batch, rest] = splitBatch(this.batch, this.o.maxStatementRows);
    this.batch = rest;
    if (rest.checks.length > 0) this.flushWanted = true;
    this.routineWrites++;
    const write = this.write(batch).finally(() => {
      this.routineWrites--;
      this.writes.delete(write);
      if (this.flushWanted) {
        this.flushWanted = false;
        this.flush();
      }
    });
    this.writes.add(write);
  }

  private async write(batch: CheckBatch): Promise<void> {
    let queued: QueuedAlert[];
    try {
      queued = await writeBatch(this.o.db, this.o.workerId, batch, this.o.alertLeaseMs, this.o.emailAlerts);
    } catch (error) {
      // nothing of the batch was written (one statement), and the lease guard makes a second try
      // harmless even if it was: a committed product is no longer leased and writes nothing again
      if (isDataError(error) && batch.checks.length > 1) {
        // one product's values broke the statement: write the others, isolating it by halves
        const [first, second] = splitBatch(batch);
        await this.write(first);
        await this.write(second);
        return;
      }
      this.o.onError?.(error);
      if (isDataError(error)) return; // that product keeps its lease: checked again when it expires
      // the database failed: hand the products back so they are checked again (and any change seen
      // again) as soon as it answers; if that fails too, their leases expire
      await releaseProducts(
        this.o.db,
        this.o.workerId,
        batch.checks.map((c) => c.id),
      ).catch((e) => this.o.onError?.(e));
      return;
    }
    if (queued.length > 0) this.o.onAlertsQueued(queued);
  }
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the values, not the database */
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

function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

/** two batches (the first `size` checks, by default half, and the rest), each product's check, activities and alerts kept together */
export function splitBatch(
  batch: CheckBatch,
  size = Math.ceil(batch.checks.length / 2),
): [CheckBatch, CheckBatch] {
  const half = Math.min(size, batch.checks.length);
  const firstIds = new Set(batch.checks.slice(0, half).map((c) => c.id));
  const part = (inFirst: boolean): CheckBatch => ({
    checks: batch.checks.filter((c) => firstIds.has(c.id) === inFirst),
    activities: batch.activities.filter((a) => firstIds.has(a.productId) === inFirst),
    alerts: batch.alerts.filter((a) => firstIds.has(a.productId) === inFirst),
  });
  return [part(true), part(false)];
}

/** previous due + interval (epoch ms), so schedules do not drift; when that is already past, now */
export function nextDueMs(dueAt: number, intervalMs: number, now: number): number {
  const next = dueAt + intervalMs;
  return Math.max(next, now);
}

/** previous due + interval, so schedules do not drift; when that is already past, now */
export function nextDue(dueAt: Date, intervalMs: number, now: Date): Date {
  return new Date(nextDueMs(dueAt.getTime(), intervalMs, now.getTime()));
}
