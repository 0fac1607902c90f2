import { type AlertChannels, parseJsonList } from "@common/schemas/products.js";
import type { CheckDetail } from "@common/schemas/check-detail.js";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { hostOf } from "./platforms/support/blocks.js";
import type { ActivityDraft, EngineState, StoredState } from "./detect.js";
import type { AlertPayload } from "./notify/alert.js";
import type { OutboxRow } from "./notify/outbox.js";

/** A product leased for one check: what the adapter needs plus the stored state detect compares. */
export interface LeasedProduct extends StoredState {
  userId: number;
  productCode: string;
  config: string | null;
  variants: string | null;
  checkInterval: number;
  dueAt: Date;
  webhookUrl: string;
  /** the product's choice of channels; null: the webhook, e-mail and push as the owner's settings say */
  alertChannels: AlertChannels | null;
  /** the URL's host name (per-host caps) */
  host: string;
  /** epoch ms just before the lease was taken: the lease ends leaseMs after it at the earliest */
  leasedAt: number;
}

type Row = Record<string, unknown>;

/**
 * Size lists arrive as JSON text; most products share a few values ("[]", "[\"M\"]"), so parsed
 * lists are kept by their text. They are frozen: detect only reads them.
 */
const parsedLists = new Map<string, readonly string[]>();
const EMPTY: readonly string[] = Object.freeze([]);

const parseList = (value: unknown): string[] => {
  if (typeof value !== "string" || value === "" || value === "[]") return EMPTY as string[];
  const known = parsedLists.get(value);
  if (known) return known as string[];
  const list: readonly string[] = Object.freeze(parseJsonList(value));
  if (parsedLists.size >= 5000) parsedLists.clear();
  parsedLists.set(value, list);
  return list as string[];
};

const msDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));

function toLeased(r: Row, leasedAt: number): LeasedProduct {
  return {
    id: Number(r.id),
    userId: Number(r.user_id),
    name: String(r.name),
    url: String(r.url),
    platform: String(r.platform),
    productCode: String(r.product_id ?? ""),
    config: (r.config as string | null) ?? null,
    variants: (r.variants as string | null) ?? null,
    status: String(r.status),
    availableSizes: parseList(r.available_sizes),
    lastNotifiedStatus: (r.last_notified_status as string | null) ?? null,
    lastNotifiedSizes: parseList(r.last_notified_sizes),
    failureStreak: Number(r.failure_streak ?? 0),
    engineState: (typeof r.engine_state === "string"
      ? JSON.parse(r.engine_state)
      : r.engine_state) as EngineState | null,
    price: r.price === null || r.price === undefined ? null : String(r.price),
    currency: typeof r.currency === "string" ? r.currency : "EUR",
    imageUrl: (r.image_url as string | null) ?? null,
    lastCheck: msDate(r.last_check_ms),
    checkInterval: Number(r.check_interval),
    dueAt: msDate(r.due_ms) ?? new Date(),
    webhookUrl: String(r.webhook_url ?? ""),
    alertChannels: (typeof r.alert_channels === "string"
      ? JSON.parse(r.alert_channels)
      : (r.alert_channels ?? null)) as AlertChannels | null,
    host: hostOf(String(r.url)),
    leasedAt,
  };
}

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * The hot path (a lease and a batch write per few dozen checks) goes straight to the driver: the
 * node-postgres pool and PGlite both answer `query(text, params)`, and building the statement
 * through the ORM cost more CPU than running it.
 */
const rawClient = (db: Db): RawClient => (db as unknown as { $client: RawClient }).$client;

const LEASE_SQL = `
  update products set lease_until = now() + $3 * interval '1 millisecond', leased_by = $1
  where id = any(array(
    select id from products
    where is_active and next_check_at <= now() and (lease_until is null or lease_until < now())
    order by next_check_at limit $2
    for update skip locked))
  returning id, user_id, name, url, platform, product_id, config, variants, status, available_sizes,
    last_notified_status, last_notified_sizes, failure_streak, engine_state, price, currency, image_url,
    (extract(epoch from last_check) * 1000)::float8 as last_check_ms, check_interval,
    (extract(epoch from next_check_at) * 1000)::float8 as due_ms, webhook_url, alert_channels`;

/**
 * Leases due active products in one statement; SKIP LOCKED keeps workers off each other's rows.
 * `id = any(array(…))` makes the outer update an index lookup instead of a scan of every product.
 */
export async function leaseDue(
  db: Db,
  workerId: string,
  limit: number,
  leaseMs: number,
): Promise<LeasedProduct[]> {
  const leasedAt = Date.now();
  const result = await rawClient(db).query(LEASE_SQL, [workerId, limit, leaseMs]);
  return result.rows.map((r) => toLeased(r, leasedAt));
}

/** ms until the next product is due (null when none is active) */
export async function msUntilNextDue(db: Db): Promise<number | null> {
  const result = await db.execute(sql`
    select extract(epoch from (min(next_check_at) - now())) * 1000 as ms from products
    where is_active and (lease_until is null or lease_until < now())`);
  const ms = rowsOf(result)[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

/** spreads overdue products over up to `maxJitterMs` (their interval at most): no burst at start */
export async function spreadOverdue(db: Db, maxJitterMs: number): Promise<void> {
  await db.execute(sql`
    update products set next_check_at = now() + random() * least(check_interval, ${maxJitterMs}) * interval '1 millisecond'
    where is_active and next_check_at < now() and (lease_until is null or lease_until < now())`);
}

export async function makeDueNow(db: Db, productId: number): Promise<void> {
  await db.execute(sql`update products set next_check_at = now() where id = ${productId}`);
}

export async function releaseLeases(db: Db, workerId: string): Promise<void> {
  await db.execute(
    sql`update products set lease_until = null, leased_by = null where leased_by = ${workerId}`,
  );
}

/**
 * One check's outcome, as the batch write takes it. `changes` holds only the columns that change
 * (a key present = set it, even to null); times are epoch ms.
 */
export interface CheckWrite {
  id: number;
  next: number;
  ok: boolean;
  streak: number;
  err: string | null;
  at: number;
  /** the check was not sent: its host is paused until then (epoch ms); absent clears the pause */
  pause?: number;
  changes?: {
    status?: string;
    /** JSON text, as the column stores it */
    sizes?: string;
    notifiedStatus?: string | null;
    /** JSON text */
    notifiedSizes?: string;
    price?: string | null;
    currency?: string;
    image?: string | null;
    state?: EngineState;
    /** what a failed check read, for the card's failure box */
    detail?: CheckDetail;
    /** a restock: last_restock_at = the check's time */
    restock?: true;
  };
}

export interface ActivityWrite {
  productId: number;
  action: ActivityDraft["action"];
  message: string;
  type: ActivityDraft["type"];
}

export interface AlertWrite {
  productId: number;
  payload: AlertPayload;
  message: string;
  type: string;
}

/** the outcomes of many checks, written together in one statement */
export interface CheckBatch {
  checks: CheckWrite[];
  activities: ActivityWrite[];
  alerts: AlertWrite[];
}

/** an outbox row the batch wrote already leased ('sending', attempt 1) for this process's notifier */
export type QueuedAlert = OutboxRow;

export const emptyBatch = (): CheckBatch => ({ checks: [], activities: [], alerts: [] });

/**
 * One statement, so one transaction: the checked products' new state, their activity
 * entries and their outbox rows commit together or not at all. Each outbox row's payload carries
 * its owner's language (Settings → Utilizador), read here rather than once per delivery. A product counts only while this
 * worker still holds its lease (`leased_by`): one taken over by another worker writes nothing, not
 * even its activity or alert, so no alert is sent twice. Outbox rows are born leased to this
 * process's notifier, which gets them in memory at once instead of polling for them.
 */
const BATCH_SQL = `
  with u as (
    update products p set
      last_check = case when x.ok then to_timestamp(x.at / 1000.0) else p.last_check end,
      last_error_at = case when x.ok then p.last_error_at else to_timestamp(x.at / 1000.0) end,
      next_check_at = to_timestamp(x.next / 1000.0),
      failure_streak = x.streak,
      last_error = x.err,
      lease_until = null, leased_by = null,
      status = case when x.changes ? 'status' then x.changes->>'status' else p.status end,
      available_sizes = case when x.changes ? 'sizes' then x.changes->>'sizes' else p.available_sizes end,
      last_notified_status = case when x.changes ? 'notifiedStatus' then x.changes->>'notifiedStatus'
        else p.last_notified_status end,
      last_notified_sizes = case when x.changes ? 'notifiedSizes' then x.changes->>'notifiedSizes'
        else p.last_notified_sizes end,
      price = case when x.changes ? 'price' then (x.changes->>'price')::numeric else p.price end,
      currency = case when x.changes ? 'currency' then x.changes->>'currency' else p.currency end,
      image_url = case when x.changes ? 'image' then x.changes->>'image' else p.image_url end,
      engine_state = case when x.changes ? 'state' then x.changes->'state' else p.engine_state end,
      last_check_detail = case when x.changes ? 'detail' then x.changes->'detail' else p.last_check_detail end,
      last_restock_at = case when x.changes ? 'restock' then to_timestamp(x.at / 1000.0) else p.last_restock_at end,
      paused_until = to_timestamp(x.pause / 1000.0)
    from jsonb_to_recordset($2::jsonb)
      as x(id int, next float8, ok boolean, streak int, err text, at float8, pause float8, changes jsonb)
    where p.id = any($3::int[]) and p.id = x.id and p.leased_by = $1
    returning p.id, p.user_id, p.name, p.webhook_url, p.alert_channels
  ),
  a as (
    insert into activity_logs (user_id, product_id, product_name, action, message, type)
    select u.user_id, u.id, u.name, y.action, y.message, y.type
    from jsonb_to_recordset($4::jsonb) as y(i int, pid int, action text, message text, type text)
    join u on u.id = y.pid
    order by y.i
  )
  insert into notifications (product_id, user_id, webhook_url, payload, message, type, status, attempts,
    lease_until)
  select u.id, u.user_id, d.destination,
    -- the owner's language rides on the payload: every channel writes the alert in it (pt: absent)
    case when l.language in ('en', 'es') then z.payload || jsonb_build_object('language', l.language)
      else z.payload end,
    z.message, z.type, 'sending', 1, now() + $6 * interval '1 millisecond'
  from jsonb_to_recordset($5::jsonb) as z(i int, pid int, payload jsonb, message text, type text)
  join u on u.id = z.pid
  left join lateral (select s.value->>'language' as language from user_settings s where s.user_id = u.user_id) l
    on true
  cross join lateral (
    -- each channel as the product chose (alert_channels), else as the owner's settings say
    select u.webhook_url as destination, 0 as rank
    where u.webhook_url <> '' and coalesce((u.alert_channels->>'webhook')::boolean, true)
    union all
    -- e-mail (when SMTP is set up): the owner's address
    select 'mailto:' || o.email, 1 from users o left join user_settings s on s.user_id = o.id
    where $7::boolean and o.id = u.user_id and coalesce(o.email, '') <> ''
      and coalesce((u.alert_channels->>'email')::boolean, (s.value->>'emailNotifications')::boolean, true)
    union all
    -- push: each device the owner allowed
    select 'webpush:' || ps.id, 2 from push_subscriptions ps left join user_settings s on s.user_id = ps.user_id
    where ps.user_id = u.user_id
      and coalesce((u.alert_channels->>'push')::boolean, (s.value->>'pushNotifications')::boolean, false)
  ) d
  order by z.i, d.rank, d.destination
  returning id, user_id, product_id, webhook_url, payload, message, attempts`;

/** the same for a batch in which nothing but the bookkeeping changes (most of them): fewer columns */
const ROUTINE_SQL = `
  update products p set
    last_check = case when x.ok then to_timestamp(x.at / 1000.0) else p.last_check end,
    last_error_at = case when x.ok then p.last_error_at else to_timestamp(x.at / 1000.0) end,
    next_check_at = to_timestamp(x.next / 1000.0),
    failure_streak = x.streak,
    last_error = x.err,
    paused_until = to_timestamp(x.pause / 1000.0),
    lease_until = null, leased_by = null
  from jsonb_to_recordset($2::jsonb)
    as x(id int, next float8, ok boolean, streak int, err text, at float8, pause float8)
  where p.id = any($3::int[]) and p.id = x.id and p.leased_by = $1`;

const toQueued = (r: Row): QueuedAlert => ({
  id: Number(r.id),
  userId: r.user_id === null ? null : Number(r.user_id),
  productId: r.product_id === null ? null : Number(r.product_id),
  webhookUrl: String(r.webhook_url ?? ""),
  payload: (typeof r.payload === "string" ? JSON.parse(r.payload) : r.payload) as AlertPayload,
  message: String(r.message),
  attempts: Number(r.attempts),
});

/**
 * Writes a batch of check outcomes in one statement (see BATCH_SQL) and returns the outbox rows it
 * queued, leased for `alertLeaseMs`. Throws when the statement fails: then nothing of the batch was
 * written, and its products stay leased until `releaseProducts` or the lease's expiry, after which
 * they are checked again and any alert is detected again (not lost, not doubled).
 */
export async function writeBatch(
  db: Db,
  workerId: string,
  batch: CheckBatch,
  alertLeaseMs: number,
  /** also queue each alert as an e-mail to the owner who allows it */
  emailAlerts = false,
): Promise<QueuedAlert[]> {
  if (batch.checks.length === 0) return [];
  let ids = "{";
  for (let i = 0; i < batch.checks.length; i++) ids += (i ? "," : "") + batch.checks[i].id;
  ids += "}";
  const checks = JSON.stringify(batch.checks);
  if (batch.activities.length === 0 && batch.alerts.length === 0 && !batch.checks.some((c) => c.changes)) {
    await rawClient(db).query(ROUTINE_SQL, [workerId, checks, ids]);
    return [];
  }
  const result = await rawClient(db).query(BATCH_SQL, [
    workerId,
    checks,
    ids,
    batch.activities.length === 0
      ? "[]"
      : JSON.stringify(
          batch.activities.map((a, i) => ({
            i,
            pid: a.productId,
            action: a.action,
            message: a.message,
            type: a.type,
          })),
        ),
    batch.alerts.length === 0
      ? "[]"
      : JSON.stringify(
          batch.alerts.map((a, i) => ({
            i,
            pid: a.productId,
            payload: a.payload,
            message: a.message,
            type: a.type,
          })),
        ),
    alertLeaseMs,
    emailAlerts,
  ]);
  return result.rows.length === 0 ? [] : result.rows.map(toQueued);
}

/** hands leased products back at once (a batch that could not be written): checked again soon */
export async function releaseProducts(db: Db, workerId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await rawClient(db).query(
    "update products set lease_until = null, leased_by = null where id = any($2::int[]) and leased_by = $1",
    [workerId, `{${ids.join(",")}}`],
  );
}

/**
 * hands leased products back but keeps them from being leased again for `holdMs` (their host or
 * user is at its in-flight cap); their due time is kept, so the lag they suffer stays visible
 */
export async function deferProducts(db: Db, workerId: string, ids: number[], holdMs: number): Promise<void> {
  if (ids.length === 0) return;
  await rawClient(db).query(
    `update products set lease_until = now() + $3 * interval '1 millisecond', leased_by = null
     where id = any($2::int[]) and leased_by = $1`,
    [workerId, `{${ids.join(",")}}`, holdMs],
  );
}

/** how many users and how many hosts have active products (the per-user and per-host caps) */
export async function countActiveOwners(db: Db): Promise<{ users: number; hosts: number }> {
  const result = await db.execute(sql`
    select count(distinct user_id)::int as users,
      count(distinct lower(substring(url from '^[A-Za-z]+://([^/:?#]+)')))::int as hosts
    from products where is_active`);
  const row = rowsOf(result)[0] ?? {};
  return { users: Number(row.users ?? 0), hosts: Number(row.hosts ?? 0) };
}
