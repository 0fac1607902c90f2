import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { logActivity } from "../../services/activity.js";
import { type AlertPayload, alertSummary } from "./alert.js";
import { type AlertFailure, alertFailureParams, alertFailureText } from "./alert-failure.js";
import { alertParams } from "./alert-params.js";
import { isHead, isSuperseded } from "./order.js";

/**
 * The notifier's SQL, beside the engine's store.ts. An outbox row (table notifications) is always
 * in one of these states:
 * - `pending`: waiting for its next attempt (`next_attempt_at`);
 * - `sending`: leased to one notifier until `lease_until` (held in its memory, being delivered, or
 *   delivered and waiting for its sent mark); once the lease ends any notifier may take it again;
 * - `sent`, `failed`, `superseded`: finished (a newer alert said where the status is now).
 */
export const OUTBOX = {
  pending: "pending",
  sending: "sending",
  sent: "sent",
  failed: "failed",
  superseded: "superseded",
} as const;

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

/** the one reading of an outbox row, for the batch statement (store.ts) and the lease below */
export const outboxRowOf = (r: Record<string, unknown>): OutboxRow => ({
  id: Number(r.id),
  userId: r.user_id === null ? null : Number(r.user_id),
  productId: r.product_id === null ? null : Number(r.product_id),
  webhookUrl: String(r.webhook_url ?? ""),
  payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as AlertPayload,
  message: String(r.message),
  attempts: Number(r.attempts),
});

const ids = (list: number[]) => `{${list.join(",")}}`;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/**
 * Leases due rows for `leaseMs`, in turns across destinations (the first row of every webhook, then
 * the second…, at most `perDestination` each), leaving out the destinations in `skip`. A product's
 * rows to one destination go in order: only its first unfinished row is taken, and not one a newer
 * alert supersedes (the next turn drops it).
 */
export async function leaseDueRows(
  db: Db,
  o: { leaseMs: number; limit: number; perDestination: number; skip: string[] },
): Promise<OutboxRow[]> {
  const result = await db.execute(sql`
    update notifications set status = 'sending', attempts = attempts + 1,
      lease_until = now() + ${o.leaseMs} * interval '1 millisecond'
    where id in (
      select id from notifications where id in (
        select id from (
          select f.id, row_number() over (partition by f.webhook_url order by f.id) as turn
          from (
          select c.* from (
            select o.id, o.webhook_url, o.product_id, o.payload->>'kind' as kind,
              row_number() over (partition by o.product_id, o.webhook_url order by o.id) as nth
            from notifications o
            where ((o.status = 'pending' and o.next_attempt_at <= now()) or (o.status = 'sending' and o.lease_until < now()))
              and o.webhook_url not in (select jsonb_array_elements_text(${JSON.stringify(o.skip)}::jsonb))
          ) c
          where c.nth = 1 or c.product_id is null
          -- a fence: the look-ups below are planned (and costed) for these rows only
          offset 0
          ) f
          -- a product's alerts to one destination go in order: only its first unfinished row (a
          -- due row behind another due row never is), and not one a newer alert supersedes (the
          -- next turn drops it)
          where f.product_id is null or (${isHead("f")} and not ${isSuperseded("f", sql`f.kind`)})
        ) due
        where turn <= ${o.perDestination}
        order by turn, id
        limit ${o.limit})
      -- repeated where the lock is taken: PostgreSQL checks this row again once another notifier's
      -- lease of it commits (the ranking above saw it before), so a row is never leased twice
      and ((status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and lease_until < now()))
      for update skip locked)
    returning id, user_id, product_id, webhook_url, payload, message, attempts`);
  return rowsOf(result)
    .map(outboxRowOf)
    .sort((a, b) => a.id - b.id);
}

/** back to pending without counting the attempt, due after `waitMs` */
/** ms until the next unfinished row is due (its retry, or the end of a lease another process left); null: none */
export async function msUntilNextRow(db: Db): Promise<number | null> {
  const result = await db.execute(sql`
    select extract(epoch from (min(case when status = 'pending' then next_attempt_at else lease_until end) - now())) * 1000
      as ms from notifications where status in ('pending', 'sending')`);
  const ms = (result as unknown as { rows: { ms: unknown }[] }).rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

export async function releaseRows(db: Db, rows: number[], waitMs: number): Promise<void> {
  await db.execute(sql`update notifications set status = 'pending', lease_until = null,
      attempts = greatest(attempts - 1, 0),
      next_attempt_at = now() + ${Math.ceil(waitMs)} * interval '1 millisecond'
    where id = any(${ids(rows)}::int[]) and status = 'sending'`);
}

/** the leases of rows this notifier still holds, renewed for `leaseMs` */
export async function renewRowLeases(db: Db, rows: number[], leaseMs: number): Promise<void> {
  await db.execute(sql`update notifications
    set lease_until = now() + ${leaseMs} * interval '1 millisecond'
    where id = any(${ids(rows)}::int[]) and status = 'sending'`);
}

/** failed for good, with its activity line */
export async function markFailed(db: Db, row: OutboxRow, failure: AlertFailure): Promise<void> {
  const reason = alertFailureText(failure);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update notifications set status = 'failed', lease_until = null, last_error = ${reason}
      where id = ${row.id}`);
    await logActivity(tx, {
      userId: row.userId,
      productId: row.productId,
      productName: row.payload?.productName ?? null,
      action: "notification_failed",
      code: "alert_failed",
      params: { ...alertParams(row.payload), ...alertFailureParams(failure) },
      message: `Falha ao enviar alerta (${reason}): ${row.message}`,
      type: "error",
    });
  });
}

/** back to pending after `waitMs`; `counts`: whether this attempt counts against the row's maximum */
export async function scheduleRetry(
  db: Db,
  row: number,
  o: { waitMs: number; counts: boolean; reason: string },
): Promise<void> {
  await db.execute(sql`update notifications set status = 'pending', lease_until = null,
    last_error = ${o.reason}, attempts = attempts - ${o.counts ? 0 : 1},
    next_attempt_at = now() + ${Math.ceil(o.waitMs)} * interval '1 millisecond'
    where id = ${row}`);
}

/** delivered rows written as sent, with their activity lines, in one transaction */
export async function markSent(db: Db, rows: OutboxRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update notifications
      set status = 'sent', sent_at = now(), lease_until = null, last_error = null
      where id = any(${ids(rows.map((r) => r.id))}::int[])`);
    await logActivity(
      tx,
      rows.map((row) => ({
        userId: row.userId,
        productId: row.productId,
        productName: row.payload?.productName ?? null,
        action: "notification_sent" as const,
        code: "alert_sent" as const,
        params: alertParams(row.payload),
        message: `Alerta enviado: ${row.payload ? alertSummary(row.payload) : row.message}`,
        type: "success" as const,
      })),
    );
  });
}
