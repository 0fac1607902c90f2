import type { Db } from "../../db/client.js";
import type { Transport } from "../fetch/transport.js";
import { alertsTotal } from "../metrics.js";
import { CheckFailure, type HttpResponse, RefusedAddress } from "../platforms/types.js";
import { PollLoop } from "../poll-loop.js";
import { type AlertFailure, alertFailureText } from "./alert-failure.js";
import type { AlertChannel } from "./channels/index.js";
import { deliveryKey, postToWebhook, WEBHOOK_TIMEOUT_MS } from "./deliver.js";
import { dropSuperseded, earlierUnfinished } from "./order.js";
import {
  leaseDueRows,
  markFailed,
  type OutboxRow,
  msUntilNextRow,
  releaseRows,
  renewRowLeases,
  scheduleRetry,
} from "./outbox-store.js";
import { Pacer } from "./pacer.js";
import { SentMarks } from "./sent-marks.js";
import { type OperatorLog, silentLog } from "../../operator-log.js";
import { retryAfterMs, webhookKindOf } from "./webhooks/index.js";

export interface NotifierOptions {
  db: Db;
  transport: Transport;
  /** Discord: about 5 requests per 2 s per webhook */
  perWebhook?: { count: number; windowMs: number };
  /** Discord: 50 requests per second per IP, whoever's webhook it is */
  globalPerSecond?: number;
  maxAttempts?: number;
  /** rows held in memory by this process, all destinations together (the rest wait in the table) */
  maxInFlight?: number;
  /** rows held in memory for one destination: a slow or busy webhook cannot take everybody's room */
  perDestination?: number;
  /** deliveries under way at once, all destinations together, taken in turn (round-robin) */
  maxConcurrentSends?: number;
  leaseMs?: number;
  /** between leases while rows are due but could not all be taken (busy, resting destinations) */
  pollMs?: number;
  /**
   * the longest sleep with nothing due: the notifier sleeps until its next due row (a retry, a lease
   * another process left) and this process's new alerts wake it (`accept`, `wake`)
   */
  idleMs?: number;
  retryBaseMs?: number;
  /** total deadline of one delivery: connect, headers and body */
  timeoutMs?: number;
  /** a destination that timed out `after` times in a row rests, doubling from initialMs to maxMs */
  timeoutBackoff?: { after: number; initialMs: number; maxMs: number };
  onError?: (error: unknown) => void;
  /** one line per alert given up (never the destination's address: a webhook URL holds its secret) */
  log?: OperatorLog;
  /** destinations that are not HTTP webhooks (e-mail), each recognised by its address */
  channels?: AlertChannel[];
  /** PUBLIC_URL: each alert carries its link into the app ("Comprei"), added as it is sent */
  appUrl?: string;
}

export type { OutboxRow } from "./outbox-store.js";

/** a row held in memory, with the moment its lease ends by this process's clock (at the latest) */
interface Held {
  row: OutboxRow;
  leaseEnds: number;
}

/** a webhook that is gone or refuses us for good: recorded as failed, never retried */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 410, 413, 422]);
/** what a delivery may still need after its deadline: marking the row sent */
const MARK_MARGIN_MS = 2_000;
/** a destination resting this long or less keeps its queue in memory and waits */
const SHORT_REST_MS = 5_000;
/**
 * Pacing a little under the destination's own limit: its window starts when our request arrives,
 * which network jitter can bring closer to the previous one than when we sent them
 */
const paceWindow = (windowMs: number) => windowMs + Math.max(20, Math.round(windowMs * 0.02));
/** how often the poll drops superseded rows at most */
const DROP_EVERY_MS = 1_000;
/** rows the scheduler hands over were leased when its batch was written, a moment before */
const BATCH_WRITE_MARGIN_MS = 5_000;

/**
 * Delivers the notifications outbox.
 * - Rows are leased with SKIP LOCKED, so several processes never send one twice, and taken in turns
 *   across destinations (the first row of every webhook, then the second…), never oldest-first
 *   across everything: one user's long queue does not hold up another's alert.
 * - Each destination holds at most `perDestination` rows in memory and sends one at a time, paced
 *   (Discord's 5 per 2 s), obeying its 429 retry_after; a destination that keeps timing out rests
 *   like a blocked host, its rows left pending in the table.
 * - Nothing is sent on a lease that may have ended: leases of held rows are renewed, and a row
 *   whose lease could end before its delivery and marking finish is left for the next lease.
 * - 5xx and network errors retry with exponential back-off; each outcome gets an activity entry.
 */
export class Notifier {
  private running = false;
  private readonly poll: PollLoop;
  // A row this process leased ('sending' in the table, outbox-store.ts) is here in one state:
  /** held: queued in memory by destination, its lease renewed, waiting for its turn */
  private readonly queues = new Map<string, Held[]>();
  /** sending: each destination with rows delivers them one at a time, in its own worker */
  private readonly workers = new Map<string, Promise<void>>();
  /** every row held or being delivered, by id */
  private readonly heldIds = new Set<number>();
  /** paced: each destination's own window (Discord's 5 per 2 s) */
  private readonly pacers = new Map<string, Pacer>();
  /** resting: a destination that said 429 or keeps timing out, until this time */
  private readonly pausedUntil = new Map<string, number>();
  /** timeouts in a row of each destination: `timeoutBackoff.after` of them make it rest */
  private readonly timeoutsInARow = new Map<string, number>();
  /** wakes for rows sent back to the table (retry, rest): the poll takes them again when due */
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly global: Pacer;
  private readonly sends: TurnTaker;
  /** delivered: sent, its 'sent' mark about to be written (sent-marks.ts) */
  private readonly marks: SentMarks;
  private renewTimer: NodeJS.Timeout | null = null;
  private droppedAt = 0;
  private readonly o: Required<Omit<NotifierOptions, "onError" | "appUrl">> &
    Pick<NotifierOptions, "onError" | "appUrl">;

  constructor(options: NotifierOptions) {
    this.o = {
      perWebhook: { count: 5, windowMs: 2000 },
      globalPerSecond: 50,
      maxAttempts: 8,
      maxInFlight: 1000,
      perDestination: 20,
      maxConcurrentSends: 50,
      leaseMs: 60_000,
      pollMs: 1000,
      idleMs: 30_000,
      retryBaseMs: 1000,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      timeoutBackoff: { after: 2, initialMs: 30_000, maxMs: 10 * 60_000 },
      channels: [],
      log: silentLog,
      ...options,
    };
    // renewed every third of the lease, a held row keeps two thirds of it: a delivery must fit in that
    if ((this.o.leaseMs * 2) / 3 < this.o.timeoutMs + MARK_MARGIN_MS + 500) {
      throw new Error("the notifier's lease must outlast a delivery's deadline and its marking");
    }
    this.global = new Pacer(this.o.globalPerSecond, 1000);
    this.sends = new TurnTaker(this.o.maxConcurrentSends);
    this.marks = new SentMarks(this.o.db, (e) => this.o.onError?.(e));
    this.poll = new PollLoop(() => this.tick(), { errorPauseMs: this.o.pollMs, onError: this.o.onError });
  }

  start(): void {
    this.running = true;
    this.poll.start();
    const every = Math.max(50, Math.floor(this.o.leaseMs / 3));
    this.renewTimer = setInterval(() => void this.renewLeases().catch((e) => this.o.onError?.(e)), every);
    this.renewTimer.unref();
  }

  wake(): void {
    this.poll.wake();
  }

  /** how long rows stay leased to this notifier ('sending') before another may take them */
  get leaseMs(): number {
    return this.o.leaseMs;
  }

  /** rows held in memory now (queued or being delivered) */
  get heldCount(): number {
    return this.heldIds.size;
  }

  /**
   * Rows the scheduler's batch just committed, already leased to this process: delivered at once,
   * without waiting for a poll. Stopped, it leaves them to the lease's expiry (any notifier then).
   */
  accept(rows: OutboxRow[]): void {
    if (!this.running || rows.length === 0) return;
    void this.admit(rows)
      .then((ready) => this.holdAccepted(ready))
      // nothing held: the rows stay leased and are taken again when the lease ends
      .catch((error) => this.o.onError?.(error));
  }

  /**
   * The batch's lease is counted from a moment before now. When what is left of it could not hold
   * a delivery (a short lease), it is renewed first: otherwise the rows would wait out the whole
   * lease unsent, as a short-lease run of two engines showed (every alert ~8 s late).
   */
  private async holdAccepted(rows: OutboxRow[]): Promise<void> {
    let leaseEnds = Date.now() - BATCH_WRITE_MARGIN_MS + this.o.leaseMs;
    if (rows.length > 0 && leaseEnds < Date.now() + this.o.timeoutMs + MARK_MARGIN_MS + 500) {
      const from = Date.now();
      await renewRowLeases(
        this.o.db,
        rows.map((r) => r.id),
        this.o.leaseMs,
      );
      leaseEnds = from + this.o.leaseMs;
    }
    this.hold(rows, leaseEnds);
  }

  /**
   * The batch's rows that may go now: a row with an earlier unfinished one of its product and
   * destination waits its turn (back to pending, leased again once it is the first), unless that
   * one is ahead of it here (in this batch, held in this process's queue, or sent and being marked).
   * Superseded status alerts are dropped first, so a restock does not wait behind a stale "esgotado".
   */
  private async admit(rows: OutboxRow[]): Promise<OutboxRow[]> {
    const ids = rows.filter((r) => r.productId !== null).map((r) => r.id);
    if (ids.length === 0) return rows;
    let earlier = await earlierUnfinished(this.o.db, ids);
    if (earlier.size === 0) return rows;
    const products = [...new Set(rows.map((r) => r.productId).filter((p): p is number => p !== null))];
    if ((await dropSuperseded(this.o.db, products)) > 0) earlier = await earlierUnfinished(this.o.db, ids);
    const batch = new Set(rows.map((r) => r.id));
    const waiting = new Set<number>();
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const before = earlier.get(row.id) ?? [];
      const ahead = (id: number) =>
        (batch.has(id) && !waiting.has(id)) || this.heldIds.has(id) || this.marks.has(id);
      if (!before.every(ahead)) waiting.add(row.id);
    }
    if (waiting.size === 0) return rows;
    await this.release([...waiting], 0);
    return rows.filter((r) => !waiting.has(r.id));
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.renewTimer) clearInterval(this.renewTimer);
    for (const t of this.retryTimers) clearTimeout(t);
    await this.poll.stop();
    // rows still waiting their turn go back to the table now, for whichever notifier runs next
    const waiting: number[] = [];
    for (const queue of this.queues.values()) {
      for (const h of queue.splice(0)) {
        waiting.push(h.row.id);
        this.heldIds.delete(h.row.id);
      }
    }
    await this.release(waiting, 0).catch((e) => this.o.onError?.(e));
    await Promise.all(this.workers.values());
    await this.marks.flush();
  }

  /** one turn of the outbox poll: lease what is due, in turns across destinations */
  private async tick(): Promise<number> {
    const room = this.o.maxInFlight - this.heldIds.size;
    if (room <= 0) return this.o.pollMs;
    const now = Date.now();
    // destinations with half their room or more still queued, and resting ones, are left alone
    const skip = [...this.queues]
      .filter(([, q]) => q.length >= Math.ceil(this.o.perDestination / 2))
      .map(([d]) => d);
    for (const [d, until] of this.pausedUntil) if (until > now) skip.push(d);
    const limit = Math.min(room, 200);
    // a look over the whole backlog (~120 ms at 20 000 unfinished rows): not on every busy turn
    if (now - this.droppedAt >= DROP_EVERY_MS) {
      this.droppedAt = now;
      await dropSuperseded(this.o.db);
    }
    const leasedAt = Date.now();
    const rows = await this.lease(limit, skip);
    this.hold(rows, leasedAt + this.o.leaseMs);
    if (rows.length === limit) return 0;
    if (rows.length > 0 || this.heldIds.size > 0) return this.o.pollMs;
    const next = await msUntilNextRow(this.o.db);
    return next === null ? this.o.idleMs : Math.min(this.o.idleMs, Math.max(this.o.pollMs, next));
  }

  private lease(limit: number, skip: string[]): Promise<OutboxRow[]> {
    return leaseDueRows(this.o.db, {
      leaseMs: this.o.leaseMs,
      limit,
      perDestination: this.o.perDestination,
      skip,
    });
  }

  /** queues leased rows by destination; what has no room (or a resting destination) goes back */
  private hold(rows: OutboxRow[], leaseEnds: number): void {
    const back: OutboxRow[] = [];
    const now = Date.now();
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      if (this.heldIds.has(row.id)) continue;
      const queue = this.queues.get(row.webhookUrl) ?? [];
      const resting = (this.pausedUntil.get(row.webhookUrl) ?? 0) > now + SHORT_REST_MS;
      const full =
        queue.length >= Math.ceil(this.o.perDestination * 1.5) || this.heldIds.size >= this.o.maxInFlight;
      if (resting || full) {
        back.push(row);
        continue;
      }
      queue.push({ row, leaseEnds });
      this.queues.set(row.webhookUrl, queue);
      this.heldIds.add(row.id);
      this.ensureWorker(row.webhookUrl);
    }
    // the attempt is not counted; a resting destination's rows wait for its rest to end
    for (const [destination, ids] of groupBy(back, (r) => r.webhookUrl)) {
      const wait = Math.max(0, (this.pausedUntil.get(destination) ?? 0) - now);
      this.release(
        ids.map((r) => r.id),
        wait,
      ).then(
        () => this.wakeAfter(wait),
        (error) => this.o.onError?.(error), // left leased: taken again when the lease expires
      );
    }
  }

  /** back to pending without counting the attempt, due after `waitMs` */
  private async release(ids: number[], waitMs: number): Promise<void> {
    if (ids.length === 0) return;
    await releaseRows(this.o.db, ids, waitMs);
  }

  /** renews the leases of every row held in memory, so none outlives its lease while it waits */
  private async renewLeases(): Promise<void> {
    const held = [...this.queues.values()].flat();
    if (held.length === 0) return;
    const from = Date.now();
    await renewRowLeases(
      this.o.db,
      held.map((h) => h.row.id),
      this.o.leaseMs,
    );
    for (const h of held) h.leaseEnds = Math.max(h.leaseEnds, from + this.o.leaseMs);
  }

  private ensureWorker(destination: string): void {
    if (this.workers.has(destination)) return;
    const worker = this.drain(destination)
      .catch((error) => this.o.onError?.(error))
      .finally(() => {
        this.workers.delete(destination);
        const queue = this.queues.get(destination);
        if (queue && queue.length > 0 && this.running) this.ensureWorker(destination);
        else if (queue?.length === 0) this.queues.delete(destination);
      });
    this.workers.set(destination, worker);
  }

  /** one destination's rows, in order, one at a time */
  private async drain(destination: string): Promise<void> {
    const queue = this.queues.get(destination);
    while (this.running && queue && queue.length > 0) {
      const resting = (this.pausedUntil.get(destination) ?? 0) - Date.now();
      // a short rest (a 429's retry_after) is waited out holding the queue, whose leases are renewed
      if (resting > 0 && resting <= SHORT_REST_MS) {
        await new Promise((r) => setTimeout(r, resting));
        continue;
      }
      if (resting > 0) {
        const rest = queue.splice(0);
        for (const h of rest) this.heldIds.delete(h.row.id);
        await this.release(
          rest.map((h) => h.row.id),
          resting,
        );
        this.wakeAfter(resting);
        return;
      }
      if (destination) {
        await this.pacer(destination).take();
        await this.global.take();
      }
      await this.sends.take();
      try {
        const held = queue.shift();
        if (!held) return;
        if (!this.running) {
          queue.unshift(held);
          return;
        }
        // a lease that could end before this delivery is marked: another notifier may take the row
        if (Date.now() + this.o.timeoutMs + MARK_MARGIN_MS > held.leaseEnds) {
          this.heldIds.delete(held.row.id);
          this.releaseFollowers(queue, held.row);
          continue;
        }
        const outcome = await this.deliver(held.row);
        // told to wait a moment (429): the row keeps its place at the head of the queue
        if (outcome === "again") queue.unshift(held);
        else this.heldIds.delete(held.row.id);
        if (outcome === "later") this.releaseFollowers(queue, held.row);
      } finally {
        this.sends.done();
      }
      if (queue.length === Math.ceil(this.o.perDestination / 2) - 1) this.poll.wake();
    }
  }

  private pacer(webhook: string): Pacer {
    let p = this.pacers.get(webhook);
    if (!p) {
      p = new Pacer(this.o.perWebhook.count, paceWindow(this.o.perWebhook.windowMs));
      this.pacers.set(webhook, p);
    }
    return p;
  }

  /**
   * A row that leaves the queue unsent (to be retried later, or whose lease may end) is not
   * overtaken: the later rows of its product held here go back to the table and wait their turn.
   */
  private releaseFollowers(queue: Held[], row: OutboxRow): void {
    if (row.productId === null) return;
    const followers = queue.filter((h) => h.row.productId === row.productId && h.row.id > row.id);
    if (followers.length === 0) return;
    for (const h of followers) {
      queue.splice(queue.indexOf(h), 1);
      this.heldIds.delete(h.row.id);
    }
    this.release(
      followers.map((h) => h.row.id),
      0,
    ).catch((error) => this.o.onError?.(error)); // left leased: taken again when the lease expires
  }

  /**
   * "done": sent or failed for good; "later": back to the table for another attempt; "again": the
   * destination asked for a short wait (429), and the row keeps its place
   */
  private async deliver(row: OutboxRow): Promise<Outcome> {
    if (!row.webhookUrl || !row.payload) return this.fail(row, { failure: "no_destination" });
    // the app's address is the server's of today, not of the day the alert was queued: never stored
    const payload = this.o.appUrl ? { ...row.payload, appUrl: this.o.appUrl } : row.payload;
    let res: HttpResponse;
    try {
      const channel = this.o.channels.find((c) => c.handles(row.webhookUrl));
      const key = deliveryKey(row);
      res = channel
        ? await channel.send(row.webhookUrl, payload, {
            signal: AbortSignal.timeout(this.o.timeoutMs),
            key,
          })
        : await postToWebhook(
            this.o.transport,
            webhookKindOf(row.webhookUrl).alertRequest(row.webhookUrl, payload, key),
            this.o.timeoutMs,
          );
    } catch (error) {
      const failure = error instanceof CheckFailure ? error : new CheckFailure("network", String(error));
      if (failure instanceof RefusedAddress)
        return this.fail(row, { failure: "refused_address", detail: failure.message });
      if (failure.reason === "timeout") this.timedOut(row.webhookUrl);
      return this.retryOrFail(row, {
        failure: failure.reason === "timeout" ? "timeout" : "network",
        detail: failure.message,
      });
    }
    this.timeoutsInARow.delete(row.webhookUrl);
    if (res.status >= 200 && res.status < 300) return this.sent(row);
    if (res.status === 429) {
      const waitMs = retryAfterMs(res, webhookKindOf(row.webhookUrl));
      this.pausedUntil.set(row.webhookUrl, Date.now() + waitMs);
      if (waitMs <= SHORT_REST_MS && this.running) return "again";
      return this.retryLater(row, waitMs, false, "HTTP 429");
    }
    if (FINAL_STATUSES.has(res.status) || (res.status < 500 && res.status >= 300)) {
      return this.fail(row, { failure: "http", httpStatus: res.status });
    }
    return this.retryOrFail(row, { failure: "http", httpStatus: res.status });
  }

  /** a destination that keeps timing out rests, like a blocked host: its queue goes back to the table */
  private timedOut(destination: string): void {
    const n = (this.timeoutsInARow.get(destination) ?? 0) + 1;
    this.timeoutsInARow.set(destination, n);
    const b = this.o.timeoutBackoff;
    if (n < b.after) return;
    const rest = Math.min(b.initialMs * 2 ** (n - b.after), b.maxMs);
    this.pausedUntil.set(destination, Date.now() + rest);
  }

  private sent(row: OutboxRow): Outcome {
    alertsTotal.inc({ outcome: "sent" });
    this.marks.add(row);
    return "done";
  }

  private async fail(row: OutboxRow, reason: AlertFailure): Promise<Outcome> {
    alertsTotal.inc({ outcome: "failed" });
    this.o.log.warn(
      `Alerta ${row.id} não entregue, desistência (utilizador ${row.userId ?? "-"}, ${destinationKind(row.webhookUrl)}): ${alertFailureText(reason)}`,
    );
    await markFailed(this.o.db, row, reason);
    return "done";
  }

  private retryOrFail(row: OutboxRow, reason: AlertFailure): Promise<Outcome> {
    if (row.attempts >= this.o.maxAttempts) return this.fail(row, { ...reason, attempts: row.attempts });
    const backoff = Math.min(this.o.retryBaseMs * 2 ** (row.attempts - 1), 5 * 60_000);
    const resting = Math.max(0, (this.pausedUntil.get(row.webhookUrl) ?? 0) - Date.now());
    return this.retryLater(row, Math.max(backoff, resting), true, alertFailureText(reason));
  }

  /** back to pending; a wait imposed by the webhook (429, pacing) does not count as an attempt */
  private async retryLater(
    row: OutboxRow,
    waitMs: number,
    counts: boolean,
    reason: string,
  ): Promise<Outcome> {
    alertsTotal.inc({ outcome: "retried" });
    await scheduleRetry(this.o.db, row.id, { waitMs, counts, reason });
    this.wakeAfter(waitMs);
    return "later";
  }

  private wakeAfter(ms: number): void {
    if (!this.running) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake();
    }, ms + 5);
    timer.unref();
    this.retryTimers.add(timer);
  }
}

type Outcome = "done" | "later" | "again";

/** at most `limit` at once; waiters are served in the order they asked (round-robin across queues) */
class TurnTaker {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  take(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** what a log line may say of a destination: its host, or its kind (email, webpush), never its path or token */
function destinationKind(address: string): string {
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : url.protocol.slice(0, -1);
  } catch {
    return "?";
  }
}
