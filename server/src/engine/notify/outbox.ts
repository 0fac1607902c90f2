import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { logActivity } from "../../services/activity.js";
import type { Transport } from "../fetch/transport.js";
import { alertsTotal } from "../metrics.js";
import { CheckFailure, type HttpResponse } from "../platforms/types.js";
import { type AlertPayload, alertSummary } from "./alert.js";
import type { AlertChannel } from "./channel.js";
import { deliveryRequest } from "./format.js";
import { Pacer } from "./pacer.js";

export interface NotifierOptions {
  db: Db;
  transport: Transport;
  /** Discord: about 5 requests per 2 s per webhook */
  perWebhook?: { count: number; windowMs: number };
  /** Discord: 50 requests per second per IP, whoever's webhook it is */
  globalPerSecond?: number;
  maxAttempts?: number;
  /** rows being delivered or waiting their turn in this process (the rest wait in the table) */
  maxInFlight?: number;
  leaseMs?: number;
  pollMs?: number;
  retryBaseMs?: number;
  timeoutMs?: number;
  onError?: (error: unknown) => void;
  /** destinations that are not HTTP webhooks (e-mail), each recognised by its address */
  channels?: AlertChannel[];
}

/** an outbox row as the notifier delivers it */
export interface OutboxRow {
  id: number;
  userId: number | null;
  productId: number | null;
  webhookUrl: string;
  payload: AlertPayload;
  message: string;
  attempts: number;
}

/** a webhook that is gone or refuses us for good: recorded as failed, never retried */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 405, 410, 413, 422]);

/**
 * Delivers the notifications outbox. Rows are leased with SKIP LOCKED (several processes never send
 * one twice); each webhook is paced and its 429 retry_after obeyed; 5xx and network errors retry
 * with exponential back-off; the outcome is recorded with an activity entry.
 */
export class Notifier {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private woken = false;
  private readonly chains = new Map<string, Promise<void>>();
  private readonly pacers = new Map<string, Pacer>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly global: Pacer;
  private inFlight = 0;
  private readonly o: Required<Omit<NotifierOptions, "onError">> & Pick<NotifierOptions, "onError">;

  constructor(options: NotifierOptions) {
    this.o = {
      perWebhook: { count: 5, windowMs: 2000 },
      globalPerSecond: 50,
      maxAttempts: 8,
      maxInFlight: 200,
      leaseMs: 60_000,
      pollMs: 1000,
      retryBaseMs: 1000,
      timeoutMs: 10_000,
      channels: [],
      ...options,
    };
    this.global = new Pacer(this.o.globalPerSecond, 1000);
  }

  start(): void {
    this.running = true;
    this.loopDone = this.loop();
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** how long rows stay leased to this notifier ('sending') before another may take them */
  get leaseMs(): number {
    return this.o.leaseMs;
  }

  /**
   * Rows the scheduler's batch just committed, already leased to this process: delivered at once,
   * without waiting for a poll. Stopped, it leaves them to the lease's expiry (any notifier then).
   */
  accept(rows: OutboxRow[]): void {
    if (!this.running) return;
    const sorted = [...rows].sort((a, b) => a.id - b.id);
    const room = Math.max(0, this.o.maxInFlight - this.inFlight);
    for (const row of sorted.slice(0, room)) this.enqueue(row);
    // beyond maxInFlight, rows go back to the table (pending, the attempt not counted), so a long
    // queue in memory does not outlive their lease; the loop takes them as room frees up
    const rest = sorted.slice(room);
    if (rest.length === 0) return;
    const ids = `{${rest.map((r) => r.id).join(",")}}`;
    this.o.db
      .execute(sql`update notifications set status = 'pending', lease_until = null, attempts = attempts - 1
        where id = any(${ids}::int[]) and status = 'sending'`)
      .then(
        () => this.wake(),
        (error) => this.o.onError?.(error), // left leased: delivered when the lease expires
      );
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loopDone;
    await Promise.all(this.chains.values());
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
    }).then(() => {
      this.woken = false;
    });
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let pause = this.o.pollMs;
      try {
        const room = this.o.maxInFlight - this.inFlight;
        if (room > 0) {
          const rows = await this.lease(Math.min(room, 100));
          for (const row of rows) this.enqueue(row);
          if (rows.length === Math.min(room, 100)) pause = 0;
        }
      } catch (error) {
        this.o.onError?.(error);
      }
      if (this.running) await this.sleep(pause);
    }
  }

  private async lease(limit: number): Promise<OutboxRow[]> {
    const result = await this.o.db.execute(sql`
      update notifications set status = 'sending', attempts = attempts + 1,
        lease_until = now() + ${this.o.leaseMs} * interval '1 millisecond'
      where id = any(array(
        select id from notifications
        where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now())
        order by id limit ${limit} for update skip locked))
      returning id, user_id, product_id, webhook_url, payload, message, attempts`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows
      .map((r) => ({
        id: Number(r.id),
        userId: r.user_id === null ? null : Number(r.user_id),
        productId: r.product_id === null ? null : Number(r.product_id),
        webhookUrl: String(r.webhook_url ?? ""),
        payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as AlertPayload,
        message: String(r.message),
        attempts: Number(r.attempts),
      }))
      .sort((a, b) => a.id - b.id);
  }

  /** one webhook's rows go out in order, one at a time; different webhooks in parallel */
  private enqueue(row: OutboxRow): void {
    this.inFlight++;
    const previous = this.chains.get(row.webhookUrl) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(row))
      .catch((error) => this.o.onError?.(error))
      .finally(() => {
        this.inFlight--;
        if (this.chains.get(row.webhookUrl) === next) this.chains.delete(row.webhookUrl);
      });
    this.chains.set(row.webhookUrl, next);
  }

  private pacer(webhook: string): Pacer {
    let p = this.pacers.get(webhook);
    if (!p) {
      p = new Pacer(this.o.perWebhook.count, this.o.perWebhook.windowMs);
      this.pacers.set(webhook, p);
    }
    return p;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const paused = (this.pausedUntil.get(row.webhookUrl) ?? 0) - Date.now();
    if (paused > 0) return this.retryLater(row, paused, false, "limite de pedidos do webhook");
    if (!row.webhookUrl || !row.payload) return this.fail(row, "sem webhook");
    await this.pacer(row.webhookUrl).take();
    await this.global.take();
    let res: HttpResponse;
    try {
      const channel = this.o.channels.find((c) => c.handles(row.webhookUrl));
      const request = deliveryRequest(row.webhookUrl, row.payload);
      res = channel
        ? await channel.send(row.webhookUrl, row.payload, { signal: AbortSignal.timeout(this.o.timeoutMs) })
        : await this.o.transport.send(request.url, {
            method: "POST",
            headers: { "content-type": "application/json", "user-agent": "StockMonitor/1.0 (+webhook)" },
            body: JSON.stringify(request.body),
            timeoutMs: this.o.timeoutMs,
            maxRedirects: 0,
          });
    } catch (error) {
      const failure = error instanceof CheckFailure ? error : new CheckFailure("network", String(error));
      if (failure.message.startsWith("Pedido recusado")) return this.fail(row, failure.message);
      return this.retryOrFail(row, failure.message);
    }
    if (res.status >= 200 && res.status < 300) return this.sent(row);
    if (res.status === 429) {
      const waitMs = retryAfterMs(res);
      this.pausedUntil.set(row.webhookUrl, Date.now() + waitMs);
      return this.retryLater(row, waitMs, false, "HTTP 429");
    }
    if (FINAL_STATUSES.has(res.status) || (res.status < 500 && res.status >= 300)) {
      return this.fail(row, `HTTP ${res.status}`);
    }
    return this.retryOrFail(row, `HTTP ${res.status}`);
  }

  private async sent(row: OutboxRow): Promise<void> {
    alertsTotal.inc({ outcome: "sent" });
    await this.o.db.transaction(async (tx) => {
      await tx.execute(sql`update notifications set status = 'sent', sent_at = now(), lease_until = null, last_error = null
        where id = ${row.id}`);
      await logActivity(tx, {
        userId: row.userId,
        productId: row.productId,
        productName: row.payload?.productName ?? null,
        action: "notification_sent",
        message: `Alerta enviado: ${row.payload ? alertSummary(row.payload) : row.message}`,
        type: "success",
      });
    });
  }

  private async fail(row: OutboxRow, reason: string): Promise<void> {
    alertsTotal.inc({ outcome: "failed" });
    await this.o.db.transaction(async (tx) => {
      await tx.execute(sql`update notifications set status = 'failed', lease_until = null, last_error = ${reason}
        where id = ${row.id}`);
      await logActivity(tx, {
        userId: row.userId,
        productId: row.productId,
        productName: row.payload?.productName ?? null,
        action: "notification_failed",
        message: `Falha ao enviar alerta (${reason}): ${row.message}`,
        type: "error",
      });
    });
  }

  private retryOrFail(row: OutboxRow, reason: string): Promise<void> {
    if (row.attempts >= this.o.maxAttempts)
      return this.fail(row, `${reason} após ${row.attempts} tentativas`);
    const backoff = Math.min(this.o.retryBaseMs * 2 ** (row.attempts - 1), 5 * 60_000);
    return this.retryLater(row, backoff, true, reason);
  }

  /** back to pending; a wait imposed by the webhook (429, pacing) does not count as an attempt */
  private async retryLater(row: OutboxRow, waitMs: number, counts: boolean, reason: string): Promise<void> {
    alertsTotal.inc({ outcome: "retried" });
    await this.o.db.execute(sql`update notifications set status = 'pending', lease_until = null,
      last_error = ${reason}, attempts = attempts - ${counts ? 0 : 1},
      next_attempt_at = now() + ${Math.ceil(waitMs)} * interval '1 millisecond'
      where id = ${row.id}`);
    setTimeout(() => this.wake(), waitMs + 5).unref();
  }
}

/**
 * Discord: JSON retry_after (seconds, may be fractional); Telegram: parameters.retry_after (whole
 * seconds); else Retry-After / X-RateLimit-Reset-After
 */
export function retryAfterMs(res: HttpResponse): number {
  let seconds: number | undefined;
  try {
    const body = JSON.parse(res.body) as { retry_after?: unknown; parameters?: { retry_after?: unknown } };
    if (typeof body.retry_after === "number") seconds = body.retry_after;
    else if (typeof body.parameters?.retry_after === "number") seconds = body.parameters.retry_after;
  } catch {
    // not JSON: the headers say it
  }
  seconds ??= Number(res.headers["retry-after"] ?? res.headers["x-ratelimit-reset-after"]);
  if (!Number.isFinite(seconds) || seconds <= 0) seconds = 1;
  return Math.min(seconds * 1000, 10 * 60_000);
}
