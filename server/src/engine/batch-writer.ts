import type { Db } from "../db/client.js";
import type { ReadingWrites } from "./apply-reading.js";
import { EarliestTimer } from "./earliest-timer.js";
import {
  type CheckBatch,
  emptyBatch,
  type QueuedAlert,
  releaseTargets,
  type SettledWrite,
  type WrittenBatch,
  writeBatch,
} from "./store.js";

/**
 * settled fetches (clocks only) wait this long for others: every statement costs the embedded
 * database ~2 ms whatever it carries, and at 1 s intervals held targets end their holds a few at a
 * time. Their next due time is a whole interval away
 */
const SETTLED_FLUSH_MS = 200;

/** the fetches a batch holds: targets read with their watchers, and settled ones */
const sizeOf = (batch: CheckBatch) => batch.targets.length + batch.settled.length;

export interface BatchWriterOptions {
  db: Db;
  workerId: string;
  /** outbox rows a batch committed, leased for this process's notifier */
  onAlertsQueued: (alerts: QueuedAlert[]) => void;
  alertLeaseMs: number;
  /** the per-user channels open in this process: alerts fan out to them too */
  openChannels: readonly string[];
  /** routine outcomes are written together at most this long after the check */
  flushDelayMs: number;
  /** routine batch statements under way at once (a batch with alerts may always go beside them) */
  maxWrites: number;
  /** checks one statement writes at most */
  maxStatementRows: number;
  onError?: (error: unknown) => void;
  /**
   * after each batch statement, written or not: `soonest` is the earliest next due time (epoch ms)
   * the batch carried. A statement that failed reports it too (writeOnce handles its own errors), so
   * targets handed back after a database failure wait for the loop's next turn, not this wake; 0
   * only if the write threw past writeOnce; Infinity when nothing it wrote is due (targets held on
   * by their renewed lease, or watched by nobody)
   */
  onWritten?: (soonest: number) => void;
  /**
   * after the settled writes that asked to keep their lease (renewMs) were written or failed:
   * `kept` holds those whose lease the database renewed
   */
  onRenewed?: (ids: number[], kept: ReadonlySet<number>) => void;
}

/**
 * Check outcomes written together: routine ones (the bookkeeping only) in batches a few ms apart,
 * those with alerts at once beside them, each target's and its watchers' state, activity and alerts in one statement
 * (so in one transaction). Other writes the scheduler makes are tracked here too, so `drain()`
 * waits for every one of them before the leases are handed back.
 */
export class BatchWriter {
  private batch: CheckBatch = emptyBatch();
  private urgent: CheckBatch = emptyBatch();
  private urgentTimer: NodeJS.Immediate | null = null;
  private readonly flushTimer = new EarliestTimer(() => this.flush());
  private readonly writes = new Set<Promise<void>>();
  private flushWanted = false;
  private routineWrites = 0;

  constructor(private readonly o: BatchWriterOptions) {}

  /**
   * one fetch's writes: its target and every watcher it served go in the same batch (so commit
   * together); with alerts, at once
   */
  reading(r: ReadingWrites): void {
    const batch = r.alerts.length > 0 ? this.urgent : this.batch;
    batch.targets.push(r.target);
    batch.checks.push(...r.checks);
    batch.activities.push(...r.activities);
    if (r.alerts.length > 0) {
      batch.alerts.push(...r.alerts);
      this.urgentTimer ??= setImmediate(() => this.flushUrgent());
    } else {
      this.scheduleFlush(this.o.flushDelayMs);
    }
  }

  /** a settled target's fetch that read its last answer again: only clocks move, with the routine batch */
  settled(w: SettledWrite): void {
    this.batch.settled.push(w);
    this.scheduleFlush(Math.max(this.o.flushDelayMs, SETTLED_FLUSH_MS));
  }

  /** another write of the scheduler's, awaited by drain() */
  track(write: Promise<void>): void {
    const tracked = write
      .catch((error) => this.o.onError?.(error))
      .finally(() => this.writes.delete(tracked));
    this.writes.add(tracked);
  }

  /** writes everything still waiting and waits for every write under way */
  async drain(): Promise<void> {
    while (sizeOf(this.batch) > 0 || this.urgent.targets.length > 0 || this.writes.size > 0) {
      this.flushUrgent();
      this.flush();
      await Promise.all(this.writes);
    }
  }

  /** the batch is written within `delayMs` (sooner if a write already waits for less) */
  private scheduleFlush(delayMs: number): void {
    if (sizeOf(this.batch) >= this.o.maxStatementRows) {
      this.flush();
      return;
    }
    this.flushTimer.by(Date.now() + delayMs);
  }

  /** writes the outcomes that queue alerts now, beside any batch under way */
  private flushUrgent(): void {
    if (this.urgentTimer) {
      clearImmediate(this.urgentTimer);
      this.urgentTimer = null;
    }
    if (this.urgent.targets.length === 0) return;
    const batch = this.urgent;
    this.urgent = emptyBatch();
    const write = this.write(batch).finally(() => this.writes.delete(write));
    this.writes.add(write);
  }

  /** starts writing the current batch, unless maxWrites batches are under way (then after one) */
  private flush(): void {
    this.flushTimer.clear();
    if (sizeOf(this.batch) === 0) return;
    if (this.routineWrites >= this.o.maxWrites) {
      this.flushWanted = true;
      return;
    }
    const [batch, rest] = splitBatch(this.batch, this.o.maxStatementRows);
    this.batch = rest;
    if (sizeOf(rest) > 0) this.flushWanted = true;
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
    let soonest = 0;
    let kept: ReadonlySet<number> | null = NONE_KEPT;
    try {
      kept = await this.writeOnce(batch);
      soonest = Number.POSITIVE_INFINITY;
      for (const t of batch.targets) if (t.next !== null) soonest = Math.min(soonest, t.rest ?? t.next);
      // a target whose lease its write kept is held in memory: the loop has nothing to lease of it
      for (const t of batch.settled) if (!kept?.has(t.id)) soonest = Math.min(soonest, t.next);
    } finally {
      // halves of a split batch answered for themselves
      const renewing = kept === null ? [] : batch.settled.filter((w) => w.renewMs !== undefined);
      if (renewing.length > 0)
        this.o.onRenewed?.(
          renewing.map((w) => w.id),
          kept ?? NONE_KEPT,
        );
      this.o.onWritten?.(soonest);
    }
  }

  /** the settled targets whose lease was kept; null when the batch was written in halves */
  private async writeOnce(batch: CheckBatch): Promise<ReadonlySet<number> | null> {
    let written: WrittenBatch;
    try {
      written = await writeBatch(this.o.db, this.o.workerId, batch, this.o.alertLeaseMs, this.o.openChannels);
    } catch (error) {
      // nothing of the batch was written (one statement), and the lease guard makes a second try
      // harmless even if it was: a committed product is no longer leased and writes nothing again
      if (isDataError(error) && sizeOf(batch) > 1) {
        // one product's values broke the statement: write the others, isolating its target by halves
        const [first, second] = splitBatch(batch);
        await this.write(first);
        await this.write(second);
        return null;
      }
      this.o.onError?.(error);
      if (isDataError(error)) return NONE_KEPT; // that target keeps its lease: fetched again when it expires
      // the database failed: hand the targets back so they are fetched again (and any change seen
      // again) as soon as it answers; if that fails too, their leases expire
      await releaseTargets(
        this.o.db,
        this.o.workerId,
        [...batch.targets, ...batch.settled].map((t) => t.id),
      ).catch((e) => this.o.onError?.(e));
      return NONE_KEPT;
    }
    if (written.queued.length > 0) this.o.onAlertsQueued(written.queued);
    return written.kept;
  }
}

const NONE_KEPT: ReadonlySet<number> = new Set();

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): the values, not the database */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

/**
 * two batches (the first `size` fetches, by default half, and the rest: targets read with their
 * watchers first, then settled ones), each target's watchers' checks, activities and alerts kept with it
 */
export function splitBatch(batch: CheckBatch, size = Math.ceil(sizeOf(batch) / 2)): [CheckBatch, CheckBatch] {
  const firstTargets = new Set(batch.targets.slice(0, size).map((t) => t.id));
  const firstSettled = Math.max(0, size - batch.targets.length);
  const firstProducts = new Set(batch.checks.filter((c) => firstTargets.has(c.target)).map((c) => c.id));
  const part = (inFirst: boolean): CheckBatch => ({
    targets: batch.targets.filter((t) => firstTargets.has(t.id) === inFirst),
    settled: inFirst ? batch.settled.slice(0, firstSettled) : batch.settled.slice(firstSettled),
    checks: batch.checks.filter((c) => firstTargets.has(c.target) === inFirst),
    activities: batch.activities.filter((a) => firstProducts.has(a.productId) === inFirst),
    alerts: batch.alerts.filter((a) => firstProducts.has(a.productId) === inFirst),
  });
  return [part(true), part(false)];
}
