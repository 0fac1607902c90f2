import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { logActivity } from "../../services/activity.js";
import { type AlertKind, type AlertPayload, alertSummary } from "./alert.js";
import { alertParams } from "./alert-params.js";

/**
 * A product's alerts reach each destination in the order of the changes that caused them (the
 * outbox rows' ids: a product is checked by one worker at a time, so its rows are numbered in the
 * order its changes were written). A row goes out only once every earlier row of the same product
 * and destination is sent, failed or superseded: the chat's last word is the product's last change.
 *
 * Superseded: a status alert not yet sent (pending, or left by a notifier whose lease ended) when a
 * newer alert of the same product and destination says where the status is now. It is dropped, with
 * an activity line: "esgotado" waiting behind a crash is not sent after the restock that followed.
 * New items of a Vinted wardrobe and failing checks are facts of their own and are never dropped.
 */
const SUPERSEDED_BY: Partial<Record<AlertKind, AlertKind[]>> = {
  restock: ["restock", "sold_out"],
  new_sizes: ["restock", "sold_out"],
  sold_out: ["restock", "sold_out"],
  vinted_holiday_on: ["vinted_holiday_on", "vinted_holiday_off"],
  vinted_holiday_off: ["vinted_holiday_on", "vinted_holiday_off"],
};

const list = (kinds: readonly string[]) =>
  sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );

/** an alert of kind `olderKind` is superseded by one of kind `newerKind` (SQL text expressions) */
function supersededBy(olderKind: SQL, newerKind: SQL): SQL {
  return sql.join(
    Object.entries(SUPERSEDED_BY).map(
      ([kind, by]) => sql`(${olderKind} = ${kind} and ${newerKind} in (${list(by ?? [])}))`,
    ),
    sql` or `,
  );
}

/** a row nobody is delivering: waiting, or left by a notifier whose lease ended */
const idle = (row: string) =>
  sql`(${sql.raw(row)}.status = 'pending' or (${sql.raw(row)}.status = 'sending' and ${sql.raw(row)}.lease_until < now()))`;

export const SUPERSEDED_REASON = "substituído por um alerta mais recente";
/** rows dropped by one call at most (their activity lines are one insert) */
const DROP_BATCH = 500;

/**
 * Marks superseded the idle status alert first in line for its product and destination when a
 * newer one has replaced it (of `productIds` only, when given), each with an activity line. Rows another notifier
 * is taking at this moment are skipped, never waited for. Returns how many it dropped.
 */
export async function dropSuperseded(db: Db, productIds?: number[]): Promise<number> {
  const scope = productIds ? sql`and o.product_id = any(${`{${productIds.join(",")}}`}::int[])` : sql``;
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update notifications e set status = 'superseded', lease_until = null, last_error = ${SUPERSEDED_REASON}
      where e.id in (
        select id from notifications where id in (
          select f.id from (
            -- the first unfinished row of each product and destination, when idle and a status
            -- alert: the one that holds the others back. Only these are looked up (a fence keeps
            -- the plan so); a stale row behind it is dropped once it is first, a turn later.
            select c.* from (
              select o.id, o.product_id, o.webhook_url, o.status, o.lease_until, o.payload->>'kind' as kind,
                row_number() over (partition by o.product_id, o.webhook_url order by o.id) as nth
              from notifications o
              where o.product_id is not null and o.status in ('pending', 'sending') ${scope}
            ) c
            where c.nth = 1 and c.kind in (${list(Object.keys(SUPERSEDED_BY))}) and ${idle("c")}
            offset 0
          ) f
          where ${isSuperseded("f", sql`f.kind`)}
          limit ${DROP_BATCH})
        for update skip locked)
      -- again under the lock: a notifier that leased it meanwhile keeps it
      and ${idle("e")}
      returning e.user_id, e.product_id, e.payload, e.message`);
    const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    await logActivity(
      tx,
      rows.map((r) => {
        const payload = (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as AlertPayload;
        return {
          userId: r.user_id === null ? null : Number(r.user_id),
          productId: Number(r.product_id),
          productName: payload?.productName ?? null,
          action: "notification_superseded" as const,
          code: "alert_superseded" as const,
          params: alertParams(payload),
          message: `Alerta não enviado, ${SUPERSEDED_REASON}: ${payload ? alertSummary(payload) : String(r.message)}`,
          type: "info" as const,
        };
      }),
    );
    return rows.length;
  });
}

/**
 * For each of `ids`, the earlier rows of its product and destination that are not finished (sent,
 * failed or superseded): while there is one, the row must wait its turn.
 */
export async function earlierUnfinished(db: Db, ids: number[]): Promise<Map<number, number[]>> {
  const result = await db.execute(sql`
    select r.id as rid, e.id as eid
    from notifications r
    join notifications e on e.product_id = r.product_id and e.webhook_url = r.webhook_url and e.id < r.id
    where r.id = any(${`{${ids.join(",")}}`}::int[]) and r.product_id is not null
      and e.status in ('pending', 'sending')`);
  const earlier = new Map<number, number[]>();
  for (const row of (result as unknown as { rows: { rid: unknown; eid: unknown }[] }).rows) {
    const rid = Number(row.rid);
    earlier.set(rid, [...(earlier.get(rid) ?? []), Number(row.eid)]);
  }
  return earlier;
}

/**
 * SQL: a newer row of `row`'s product and destination supersedes it (it is to be dropped, not
 * sent). Only unfinished newer rows are looked at (the partial index): while `row` is unfinished,
 * no newer row of its product and destination can have been sent.
 */
export const isSuperseded = (row: string, kind = sql`${sql.raw(row)}.payload->>'kind'`) => sql`exists (
  select 1 from notifications n
  where n.product_id = ${sql.raw(row)}.product_id and n.webhook_url = ${sql.raw(row)}.webhook_url
    and n.id > ${sql.raw(row)}.id and n.status in ('pending', 'sending')
    and (${supersededBy(kind, sql`n.payload->>'kind'`)}))`;

/** SQL for the lease: `row` has no unfinished earlier row of its product and destination */
export const isHead = (row: string) => sql`not exists (select 1 from notifications e
  where e.product_id = ${sql.raw(row)}.product_id and e.webhook_url = ${sql.raw(row)}.webhook_url
    and e.id < ${sql.raw(row)}.id and e.status in ('pending', 'sending'))`;
