import type { Db } from "../db/client.js";
import { getGlobalSettings } from "../services/settings.js";
import { detect } from "./detect.js";
import { checkDuration, checksTotal, scheduleLag } from "./metrics.js";
import type { CheckFailure, CheckResult } from "./platforms/types.js";
import type { EngineStats } from "./stats.js";
import {
  applyDetection,
  type LeasedProduct,
  leaseDue,
  makeDueNow,
  msUntilNextDue,
  releaseLeases,
  type RoutineOutcome,
  spreadOverdue,
  writeRoutine,
} from "./store.js";

export interface SchedulerOptions {
  db: Db;
  workerId: string;
  check: (product: LeasedProduct) => Promise<CheckResult | CheckFailure>;
  stats: EngineStats;
  /** called after a transaction that queued alerts commits: deliver now */
  onAlertsQueued: () => void;
  /** a lease outlives any check; if the worker dies another takes the product after it */
  leaseMs?: number;
  /** first checks after start are spread over this much (capped by each interval) */
  startJitterMs?: number;
  settingsRefreshMs?: number;
  /** overrides Settings' maxConcurrentChecks (benchmarks) */
  maxConcurrent?: number;
  /** routine outcomes are written together at most this long after the check */
  flushDelayMs?: number;
  onError?: (error: unknown) => void;
}

const ROUTINE_BATCH = 500;
const IDLE_POLL_MAX_MS = 1000;
const BUSY_POLL_MS = 15;

/**
 * Leases due products in batches and runs them under the global cap. Outcomes that change nothing
 * visible are written in one statement per batch; changes go through their own transaction.
 */
export class Scheduler {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private readonly queue: LeasedProduct[] = [];
  private inFlight = 0;
  private readonly checks = new Set<Promise<void>>();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private routine: RoutineOutcome[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
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
    await this.flush();
    await this.flushing;
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
          } else if (leased.length === room) {
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
          if (this.queue.length + this.inFlight < this.cap) this.wake();
        });
      this.checks.add(task);
    }
  }

  private async runOne(product: LeasedProduct): Promise<void> {
    const started = Date.now();
    const lagMs = Math.max(0, started - product.dueAt.getTime());
    scheduleLag.observe(lagMs / 1000);
    this.o.stats.recordCheck(lagMs, started);
    const outcome = await this.o.check(product);
    const now = new Date();
    checkDuration.observe((now.getTime() - started) / 1000);
    checksTotal.inc({ result: "kind" in outcome ? "ok" : outcome.reason });
    const detection = detect(product, outcome, { enableErrorAlerts: this.errorAlertsEnabled, now });
    const next = nextDue(product.dueAt, product.checkInterval, now);
    if (!detection.needsTransaction) {
      this.routine.push({
        id: product.id,
        next: next.toISOString(),
        ok: detection.update.checked,
        streak: detection.update.failureStreak,
        err: detection.update.lastError,
        at: now.toISOString(),
      });
      this.scheduleFlush();
      return;
    }
    const { alerts } = await applyDetection(this.o.db, this.o.workerId, product, detection, {
      next,
      now,
      notificationsEnabled: this.notificationsEnabled,
    });
    if (alerts > 0) this.o.onAlertsQueued();
  }

  private scheduleFlush(): void {
    if (this.routine.length >= ROUTINE_BATCH) {
      void this.flush();
      return;
    }
    if (!this.flushTimer) this.flushTimer = setTimeout(() => void this.flush(), this.o.flushDelayMs);
  }

  private flush(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      this.flushTimer = null;
    }
    const batch = this.routine;
    if (batch.length === 0) return this.flushing;
    this.routine = [];
    this.flushing = this.flushing
      .then(() => writeRoutine(this.o.db, this.o.workerId, batch))
      .catch((error) => this.o.onError?.(error));
    return this.flushing;
  }
}

/** previous due + interval, so schedules do not drift; when that is already past, now */
export function nextDue(dueAt: Date, intervalMs: number, now: Date): Date {
  const next = dueAt.getTime() + intervalMs;
  return new Date(Math.max(next, now.getTime()));
}
