import type { Db } from "../db/client.js";
import { getGlobalSettings } from "../services/settings.js";
import { detect } from "./detect.js";
import { checkDuration, checksTotal, scheduleLag } from "./metrics.js";
import type { CheckFailure, CheckResult } from "./platforms/types.js";
import type { EngineStats } from "./stats.js";
import { alertSummary } from "./notify/alert.js";
import {
  type CheckBatch,
  type CheckWrite,
  emptyBatch,
  type LeasedProduct,
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
  check: (product: LeasedProduct) => Promise<CheckResult | CheckFailure>;
  stats: EngineStats;
  /** outbox rows a batch committed, leased for this process's notifier: deliver them now */
  onAlertsQueued: (alerts: QueuedAlert[]) => void;
  /** how long those rows stay leased to this process before any notifier may take them */
  alertLeaseMs?: number;
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
  onError?: (error: unknown) => void;
}

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
  private loopDone: Promise<void> = Promise.resolve();
  private readonly queue: LeasedProduct[] = [];
  private inFlight = 0;
  private readonly checks = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private woken = false;
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
  private readonly o: Required<Omit<SchedulerOptions, "maxConcurrent" | "onError">> &
    Pick<SchedulerOptions, "maxConcurrent" | "onError">;

  constructor(options: SchedulerOptions) {
    this.o = {
      leaseMs: 60_000,
      startJitterMs: 10_000,
      settingsRefreshMs: 5_000,
      flushDelayMs: 20,
      maxWrites: 3,
      alertLeaseMs: 60_000,
      ...options,
    };
  }

  async start(): Promise<void> {
    await this.refreshSettings(true);
    if (this.o.startJitterMs > 0) await spreadOverdue(this.o.db, this.o.startJitterMs);
    this.running = true;
    this.loopDone = this.loop();
  }

  /** finish the checks under way, write their outcomes, hand back leases not started */
  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    this.queue.length = 0;
    await Promise.all(this.checks);
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
    this.woken = true;
    this.wakeUp?.();
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = () => {
        this.wakeUp = null;
        done();
      };
    }).then(() => {
      this.woken = false;
    });
  }

  private async refreshSettings(force = false): Promise<void> {
    if (!force && Date.now() - this.settingsReadAt < this.o.settingsRefreshMs) return;
    this.settingsReadAt = Date.now();
    const settings = await getGlobalSettings(this.o.db);
    this.cap = this.o.maxConcurrent ?? settings.maxConcurrentChecks;
    this.notificationsEnabled = settings.enableNotifications;
    this.errorAlertsEnabled = settings.enableErrorAlerts;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let pause = BUSY_POLL_MS;
      try {
        await this.refreshSettings();
        const room = this.cap * 2 - this.queue.length - this.inFlight;
        if (this.queue.length + this.inFlight < this.cap && room > 0) {
          const leased = await leaseDue(this.o.db, this.o.workerId, room, this.o.leaseMs);
          if (!this.running) {
            await releaseLeases(this.o.db, this.o.workerId);
            break;
          }
          this.queue.push(...leased);
          this.startChecks();
          if (leased.length === 0 && this.inFlight === 0) {
            const next = await msUntilNextDue(this.o.db);
            pause = next === null ? IDLE_POLL_MAX_MS : Math.min(IDLE_POLL_MAX_MS, Math.max(5, next));
          }
          this.moreDue = leased.length === room;
          if (this.moreDue) {
            pause = 0;
          }
        }
      } catch (error) {
        this.o.onError?.(error);
        pause = 500;
      }
      if (this.running) await this.sleep(pause);
    }
  }

  private startChecks(): void {
    while (this.inFlight < this.cap && this.queue.length > 0) {
      const product = this.queue.shift() as LeasedProduct;
      this.inFlight++;
      const task = this.runOne(product)
        .catch((error) => this.o.onError?.(error))
        .finally(() => {
          this.inFlight--;
          this.checks.delete(task);
          this.startChecks();
          // a finished check frees a slot; lease again at once only if more were due than the last
          // lease took (otherwise every check would cost a lease query: the next poll is near)
          if (this.moreDue && this.queue.length + this.inFlight < this.cap) this.wake();
        });
      this.checks.add(task);
    }
  }

  private async runOne(product: LeasedProduct): Promise<void> {
    const started = Date.now();
    const lagMs = started > product.dueAt.getTime() ? started - product.dueAt.getTime() : 0;
    scheduleLag.observe(lagMs / 1000);
    this.o.stats.recordCheck(lagMs, started);
    const outcome = await this.o.check(product);
    const now = new Date();
    const at = now.getTime();
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
    if (u.imageUrl !== undefined) changes.image = u.imageUrl;
    if (u.engineState !== undefined) changes.state = u.engineState;
    write.changes = changes;
    const alerting = this.notificationsEnabled && product.webhookUrl !== "" && detection.alerts.length > 0;
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
    if (this.batch.checks.length >= BATCH_MAX) this.flush();
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
    const batch = this.batch;
    this.batch = emptyBatch();
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
      queued = await writeBatch(this.o.db, this.o.workerId, batch, this.o.alertLeaseMs);
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
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

/** two batches, each product's check, activities and alerts kept together */
export function splitBatch(batch: CheckBatch): [CheckBatch, CheckBatch] {
  const half = Math.ceil(batch.checks.length / 2);
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
