import { setMaxListeners } from "node:events";
import type { Db } from "../db/client.js";
import { getGlobalSettings } from "../services/settings.js";
import { ParkedChecks } from "./parked.js";
import { BatchWriter } from "./batch-writer.js";
import type { CheckRun } from "./check-runner.js";
import { detect } from "./detect.js";
import { checkDuration, checksTotal, scheduleLag } from "./metrics.js";
import type { EngineStats } from "./stats.js";
import { alertSummary } from "./notify/alert.js";
import { alertsGoOut } from "./notify/gate.js";
import { outcomeWrite } from "./outcome-write.js";
import { PollLoop } from "./poll-loop.js";
import {
  type LeasedProduct,
  countActiveOwners,
  deferProducts,
  leaseDue,
  makeDueNow,
  msUntilNextDue,
  type QueuedAlert,
  releaseLeases,
  spreadOverdue,
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
  private readonly parked = new ParkedChecks();
  private readonly perUser = new Map<number, number>();
  /** each host's limit, asked once: a parked scan asks it for every parked product */
  private readonly hostLimits = new Map<string, number>();
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
    this.writer = new BatchWriter({
      db: this.o.db,
      workerId: this.o.workerId,
      onAlertsQueued: this.o.onAlertsQueued,
      alertLeaseMs: this.o.alertLeaseMs,
      emailAlerts: this.o.emailAlerts,
      flushDelayMs: this.o.flushDelayMs,
      maxWrites: this.o.maxWrites,
      maxStatementRows: this.o.maxStatementRows,
      onError: this.o.onError,
    });
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
    this.parked.clear();
    this.shutdown.abort(new Error("engine stopping"));
    await Promise.all(this.checks);
    await loopDone;
    await this.writer.drain();
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
    const overParked = Math.max(0, this.parked.size - this.cap);
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
    return this.userFull(product, share) || this.hostFull(product, share);
  }

  private userFull(product: LeasedProduct, share: number): boolean {
    // a share is kept from one user (host) only when there is another to keep it for
    const perUser = this.o.maxPerUser ?? (this.owners.users > 1 ? share : this.cap);
    return (this.perUser.get(product.userId) ?? 0) >= perUser;
  }

  private hostFull(product: LeasedProduct, share: number): boolean {
    const hostShare = this.owners.hosts > 1 ? share : this.cap;
    const perHost = this.o.maxPerHost ?? Math.min(hostShare, this.hostLimit(product) ?? hostShare);
    return (this.perHost.get(product.host) ?? 0) >= perHost;
  }

  private hostLimit(product: LeasedProduct): number | undefined {
    if (!this.o.hostLimit) return undefined;
    let limit = this.hostLimits.get(product.host);
    if (limit === undefined) {
      limit = this.o.hostLimit(product.url);
      this.hostLimits.set(product.host, limit);
    }
    return limit;
  }

  /**
   * starts queued checks while there are slots. `freed` (a check that just ended) first gives its
   * slot to a product parked for the same user or host, if any.
   */
  private startChecks(freed?: LeasedProduct): void {
    const share = this.share();
    if (freed && this.parked.size > 0 && this.inFlight < this.cap) this.startParked(freed, share);
    while (this.inFlight < this.cap && this.queue.length > 0) {
      const product = this.queue.shift() as LeasedProduct;
      if (this.checking.has(product.id)) continue;
      if (this.overCap(product, share)) {
        // one host or one user must not take every slot: its product waits aside, not in the queue
        this.parked.add(product, Date.now());
      } else this.launch(product);
    }
    this.handBackParked();
  }

  /** the oldest parked product of the freed check's user or host that may start now */
  private startParked(freed: LeasedProduct, share: number): void {
    const next = this.parked.takeFor(
      freed,
      (p) => this.hostFull(p, share),
      (p) => this.userFull(p, share),
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
      // awaited by stop() with the batch writes, so none runs after the leases are handed back
      this.writer.track(deferProducts(this.o.db, this.o.workerId, back, this.o.capDeferMs));
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
    const write = outcomeWrite(product, outcome, detection, at);
    if (!write.changes) return this.writer.routine(write);
    const alerting =
      detection.alerts.length > 0 &&
      alertsGoOut({
        notificationsEnabled: this.notificationsEnabled,
        webhookUrl: product.webhookUrl,
        alertChannels: product.alertChannels,
      });
    // every row of one product goes in the same batch: its state, activity and alerts commit together
    this.writer.changed(
      write,
      detection.activities.map((a) => ({ productId: product.id, ...a })),
      alerting
        ? detection.alerts.map((alert) => ({
            productId: product.id,
            payload: alert,
            message: alertSummary(alert),
            type: alert.kind,
          }))
        : [],
    );
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
