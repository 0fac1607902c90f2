import { ALERT_CHANNELS } from "@common/alert-channels.js";
import { type AlertChannels, parseJsonList } from "@common/schemas/products.js";
import type { CheckDetail } from "@common/schemas/check-detail.js";
import { sql } from "drizzle-orm";
import { ENGINE_CHANNEL } from "../db/change-feed.js";
import type { Db } from "../db/client.js";
import { queryPrepared, rawClient, type Row } from "../db/prepared.js";
import { LATE_START_MS } from "./outcome-write.js";
import { hostOf } from "./platforms/support/blocks.js";
import { readRules } from "@common/schemas/monitor-rules.js";
import type { SearchItem } from "@common/search-rules.js";
import type { ActivityDraft, EngineState, StoredState } from "./detect.js";
import { LATEST_MATCHES } from "./search-detect.js";
import type { AlertPayload } from "./notify/alert.js";
import { ALWAYS_OPEN, CHANNEL_KINDS } from "./notify/channels/index.js";
import { type OutboxRow, outboxRowOf } from "./notify/outbox-store.js";
import { type TargetSource, targetKey } from "./target-key.js";

/** A product whose target was leased: the stored state detect compares and where its alerts go. */
export interface LeasedProduct extends StoredState {
  userId: number;
  productCode: string;
  config: string | null;
  variants: string | null;
  checkInterval: number;
  /** the product's own due time: a reading is applied to it when it is due (apply-reading.ts) */
  dueAt: Date;
  webhookUrl: string;
  /** the product's choice of channels; null: the webhook, e-mail and push as the owner's settings say */
  alertChannels: AlertChannels | null;
  /** the URL's host name (per-host caps) */
  host: string;
  /** epoch ms just before the lease was taken: the lease ends leaseMs after it at the earliest */
  leasedAt: number;
  /** the shared target it belongs to */
  targetId: number;
  /** its edits so far: what it read is remembered only if none came since the lease (0145) */
  editVersion: number;
}

/** what a settled target's fetch needs to move its watchers' clocks without reading them */
export interface SettledTarget {
  key: string;
  /** the watchers' shortest interval (stretched on a host over its budget: stretchSettled) */
  shortest: number;
  /** each watcher's owner and own interval, "user:ms,user:ms", as the lease read them */
  watches: string;
  /** per owner, the longer interval its watchers get on a host over its budget (none: their own) */
  floors?: Record<string, number>;
}

/** a target's page answered 404/410 on `streak` fetches in a row, since `since` (epoch ms) */
export interface NotFound {
  since: number;
  streak: number;
}

/**
 * A target leased for one fetch: what the adapter needs (the first watcher's URL, id and
 * configuration; every watcher's are the same by the target's key), the user who answers for it in
 * the per-user caps (the first watcher's), and every active watcher.
 */
export interface LeasedTarget {
  id: number;
  platform: string;
  url: string;
  productCode: string;
  config: string | null;
  variants: string | null;
  userId: number;
  host: string;
  dueAt: Date;
  leasedAt: number;
  /** every active watcher; none when `settled` (loadWatchers reads them if the answer changed) */
  watchers: LeasedProduct[];
  /**
   * every watcher read the target's last answer (`key`) with nothing changed: a fetch that reads
   * the same answer moves their clocks only (writeSettled)
   */
  settled: SettledTarget | null;
  /** the page has been missing (404/410) since then; null when the last fetch found it */
  notFound: NotFound | null;
}

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

/** a URL's host name, parsed once per URL in `hosts` (the watchers of a target mostly share one) */
function memoHost(hosts: Map<string, string>, url: string): string {
  let host = hosts.get(url);
  if (host === undefined) {
    host = hostOf(url);
    hosts.set(url, host);
  }
  return host;
}

/** what a target's fetch reads: its first watcher's product (the others' are the same by the key) */
type FetchDescription = Pick<
  LeasedTarget,
  "url" | "platform" | "productCode" | "config" | "variants" | "userId" | "host"
>;

function describeFetch(target: LeasedTarget, first: FetchDescription): void {
  target.url = first.url;
  target.platform = first.platform;
  target.productCode = first.productCode;
  target.config = first.config;
  target.variants = first.variants;
  target.userId = first.userId;
  target.host = first.host;
}

/** a watcher row's fetch description (the lease and loadWatchers read the same columns) */
function fetchOf(r: Row, hosts: Map<string, string>): FetchDescription {
  const url = String(r.url);
  return {
    url,
    platform: String(r.platform),
    productCode: String(r.product_id ?? ""),
    config: (r.config as string | null) ?? null,
    variants: (r.variants as string | null) ?? null,
    userId: Number(r.user_id),
    host: memoHost(hosts, url),
  };
}

/*
 * The fetch's fields are copied one by one: an object spread followed by two dozen properties made
 * V8 (Node 20) build each watcher through ~15 kB of intermediate shapes, against 0.4 kB written out.
 */
function toLeased(r: Row, leasedAt: number, hosts: Map<string, string>): LeasedProduct {
  const fetch = fetchOf(r, hosts);
  return {
    url: fetch.url,
    platform: fetch.platform,
    productCode: fetch.productCode,
    config: fetch.config,
    variants: fetch.variants,
    userId: fetch.userId,
    host: fetch.host,
    targetId: Number(r.target_id),
    id: Number(r.id),
    name: String(r.name),
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
    failingSince: msDate(r.failing_since_ms),
    blindSince: msDate(r.blind_since_ms),
    rules: r.rules === null || r.rules === undefined ? null : readRules(r.rules),
    checkInterval: Number(r.check_interval),
    dueAt: msDate(r.due_ms) ?? new Date(),
    webhookUrl: String(r.webhook_url ?? ""),
    alertChannels: (typeof r.alert_channels === "string"
      ? JSON.parse(r.alert_channels)
      : (r.alert_channels ?? null)) as AlertChannels | null,
    leasedAt,
    editVersion: Number(r.edit_version ?? 0),
  };
}

const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** a watcher's columns, as the lease and loadWatchers read them (toLeased) */
const WATCHER_COLUMNS = `
    (extract(epoch from p.failing_since) * 1000)::float8 as failing_since_ms,
    (extract(epoch from p.blind_since) * 1000)::float8 as blind_since_ms,
    p.id, p.user_id, p.name, p.url, p.platform, p.product_id, p.config, p.variants, p.status,
    p.available_sizes, p.last_notified_status, p.last_notified_sizes, p.failure_streak, p.engine_state,
    p.price, p.currency, p.image_url, (extract(epoch from p.last_check) * 1000)::float8 as last_check_ms,
    p.check_interval, (extract(epoch from p.next_check_at) * 1000)::float8 as due_ms, p.webhook_url,
    p.alert_channels, p.rules, p.edit_version`;

/** the watchers of a target: its active products, a disabled account's left out */
const ACTIVE_WATCHER = `p.is_active and p.user_id not in (select id from users where disabled_at is not null)`;

/**
 * Over a target's active watchers (`products p`): it has one at least and each holds `key`, the
 * digest of the answer it last read with nothing changed. The one rule for a target being settled,
 * in the lease (may it come back as one row?) and in its settled write (may it keep its lease?)
 */
const ALL_WATCHERS_HOLD = (key: string) =>
  `count(*) > 0 and count(*) filter (where p.reading_key is distinct from ${key}) = 0`;

/*
 * Due targets are leased (SKIP LOCKED keeps workers off each other's rows; `id = any(array(…))`
 * makes the update an index lookup) and come back with every active watcher, in one statement. A
 * target nobody watches any more comes back with no watcher: its write clears its due time.
 * A disabled account's products are no watchers (its books stay, its checks stop); its targets'
 * due times leave them out too (TARGETS_CTE), and enabling it again brings them back (0041).
 * A settled target (every watcher read its last answer with nothing changed: reading_key) comes
 * back as one row with what its fetch needs (its first watcher's product code and owner) and its
 * shortest interval, not its watchers: they are read only if the answer is not the same (0145).
 */
const LEASE_SQL = `
  with t as (
    update monitor_targets set lease_until = now() + $3 * interval '1 millisecond', leased_by = $1
    where id = any(array(
      select id from monitor_targets
      where next_check_at <= now() + $4 * interval '1 millisecond'
        and (lease_until is null or lease_until < now())
      order by next_check_at limit $2
      for update skip locked))
    returning id, platform, url, reading_key, (extract(epoch from next_check_at) * 1000)::float8 as target_due_ms,
      (extract(epoch from not_found_since) * 1000)::float8 as nf_since_ms, not_found_streak
  ),
  a as (
    select t.*, w.shortest, w.watches, t.reading_key is not null and w.all_hold as settled
    from t cross join lateral (
      select min(p.check_interval) as shortest, ${ALL_WATCHERS_HOLD("t.reading_key")} as all_hold,
        string_agg(p.user_id || ':' || p.check_interval, ',') as watches
      from products p where p.target_id = t.id and ${ACTIVE_WATCHER}) w
  )
  select a.id as target_id, a.platform as target_platform, a.url as target_url, a.target_due_ms,
    a.nf_since_ms, a.not_found_streak, a.reading_key as settled_key, a.shortest as settled_shortest,
    a.watches as settled_watches, null::float8 as failing_since_ms, null::float8 as blind_since_ms,
    f.id, f.user_id, null as name, f.url, f.platform, f.product_id, f.config, f.variants, null as status,
    null as available_sizes, null as last_notified_status, null as last_notified_sizes,
    null::int as failure_streak, null::jsonb as engine_state, null::numeric as price, null as currency,
    null as image_url, null::float8 as last_check_ms, f.check_interval, f.due_ms, null as webhook_url,
    null::jsonb as alert_channels, null::jsonb as rules, null::int as edit_version
  from a cross join lateral (
    select p.id, p.user_id, p.url, p.platform, p.product_id, p.config, p.variants, p.check_interval,
      (extract(epoch from p.next_check_at) * 1000)::float8 as due_ms
    from products p where p.target_id = a.id and ${ACTIVE_WATCHER}
    order by p.next_check_at, p.id limit 1) f
  where a.settled
  union all
  select a.id, a.platform, a.url, a.target_due_ms, a.nf_since_ms, a.not_found_streak, null, null, null,
    ${WATCHER_COLUMNS}
  from a left join products p on p.target_id = a.id and ${ACTIVE_WATCHER}
  where not a.settled
  order by target_due_ms, target_id, due_ms, id`;

/** Leases targets due now or within `leadMs`, each with its active watchers, in one statement. */
export async function leaseDue(
  db: Db,
  workerId: string,
  limit: number,
  leaseMs: number,
  leadMs = 0,
): Promise<LeasedTarget[]> {
  const leasedAt = Date.now();
  const result = await queryPrepared(db, "engine_lease", LEASE_SQL, [workerId, limit, leaseMs, leadMs]);
  const targets: LeasedTarget[] = [];
  // the watchers of a target mostly share one URL: its host is read once (a URL parse each)
  const hosts = new Map<string, string>();
  let current = null as LeasedTarget | null;
  for (const r of result.rows) {
    const id = Number(r.target_id);
    if (current?.id !== id) {
      current = {
        id,
        platform: String(r.target_platform),
        url: String(r.target_url),
        productCode: "",
        config: null,
        variants: null,
        userId: 0,
        host: "",
        dueAt: msDate(r.target_due_ms) ?? new Date(leasedAt),
        leasedAt,
        watchers: [],
        settled: null,
        notFound:
          r.nf_since_ms === null || r.nf_since_ms === undefined
            ? null
            : { since: Number(r.nf_since_ms), streak: Number(r.not_found_streak ?? 0) },
      };
      targets.push(current);
    }
    if (r.id === null || r.id === undefined) continue;
    if (r.settled_key !== null && r.settled_key !== undefined) {
      // settled: this row describes the fetch (its first watcher's product), it is no watcher
      current.settled = {
        key: String(r.settled_key),
        shortest: Number(r.settled_shortest),
        watches: String(r.settled_watches ?? ""),
      };
      describeFetch(current, fetchOf(r, hosts));
      continue;
    }
    const watcher = toLeased(r, leasedAt, hosts);
    if (current.watchers.length === 0) describeFetch(current, watcher);
    current.watchers.push(watcher);
  }
  // a target nobody watches any more is known by its own URL
  for (const t of targets) if (t.watchers.length === 0 && !t.settled) t.host = hostOf(t.url);
  return targets;
}

const WATCHERS_SQL = `
  select t.id as target_id, ${WATCHER_COLUMNS}
  from monitor_targets t join products p on p.target_id = t.id and ${ACTIVE_WATCHER}
  where t.id = $2 and t.leased_by = $1
  order by p.next_check_at, p.id`;

/**
 * The active watchers of a settled target whose fetch read something new, while this worker still
 * holds its lease (none once another worker took it over: its write then writes nothing either).
 */
export async function loadWatchers(db: Db, workerId: string, target: LeasedTarget): Promise<LeasedProduct[]> {
  const result = await queryPrepared(db, "engine_watchers", WATCHERS_SQL, [workerId, target.id]);
  const hosts = new Map<string, string>();
  return result.rows.map((r) => toLeased(r, target.leasedAt, hosts));
}

const NEXT_DUE_SQL = `
  select extract(epoch from (min(greatest(next_check_at, coalesce(lease_until, next_check_at))) - now())) * 1000
    as ms from monitor_targets
  where next_check_at is not null`;

/** ms until the next target is due (null when none is watched) */
export async function msUntilNextDue(db: Db): Promise<number | null> {
  // a leased target is due again when its lease ends: another worker's if that worker died, this
  // worker's if its write failed (one being written wakes the sleeping loop when written)
  const result = await queryPrepared(db, "engine_next_due", NEXT_DUE_SQL, []);
  const ms = result.rows[0]?.ms;
  return ms === null || ms === undefined ? null : Number(ms);
}

/**
 * spreads overdue targets over up to `maxJitterMs` (their shortest watcher's interval at most): no
 * burst at start. Their watchers stay due, so the fetch that comes serves them all.
 */
export async function spreadOverdue(db: Db, maxJitterMs: number): Promise<void> {
  await db.execute(sql`
    update monitor_targets t set next_check_at = now() + random() * least(
        coalesce((select min(p.check_interval) from products p where p.target_id = t.id and p.is_active), 0),
        ${maxJitterMs}) * interval '1 millisecond'
    where next_check_at < now() and (lease_until is null or lease_until < now())`);
}

/** the product is due now; its target's next fetch follows (trigger products_target_due) */
export async function makeDueNow(db: Db, productId: number): Promise<void> {
  await db.execute(sql`update products set next_check_at = now() where id = ${productId}`);
}

/** hands back every lease of the worker and wakes the other engine processes to take them */
export async function releaseLeases(db: Db, workerId: string): Promise<void> {
  await db.execute(sql`
    with released as (
      update monitor_targets set lease_until = null, leased_by = null where leased_by = ${workerId} returning 1
    )
    select pg_notify(${ENGINE_CHANNEL}, '') from (select 1 from released limit 1) r`);
}

/**
 * every target's lease handed back: at the start of the only engine process a database has (the
 * embedded one), whose earlier run was killed before it could hand its own back
 */
export async function releaseEveryLease(db: Db): Promise<void> {
  await db.execute(
    sql`update monitor_targets set lease_until = null, leased_by = null where leased_by is not null`,
  );
}

/**
 * One check's outcome, as the batch write takes it. `changes` holds only the columns that change
 * (a key present = set it, even to null); times are epoch ms.
 */
export interface CheckWrite {
  id: number;
  /** its target, whose lease guards the write */
  target: number;
  next: number;
  ok: boolean;
  streak: number;
  err: string | null;
  at: number;
  /** the check was not sent: its host is paused until then (epoch ms); absent clears the pause */
  pause?: number;
  /** the answer it read with nothing changed (reading-key.ts); absent: a change, or a failure */
  key?: string;
  /** the watcher's edit count at the lease: `key` is kept only if it is still the same */
  ver?: number;
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
    /** the monitor said it is blind: blind_since = this (epoch ms, the first failure of the streak) */
    blind?: number;
    /** the monitor pauses itself (its page has been gone too long) */
    deactivate?: true;
    /** a search's item ids seen for the first time (search_seen) */
    seen?: string[];
    /** a search's new matches, put at the head of latest_matches */
    matches?: SearchItem[];
  };
}

export interface ActivityWrite {
  productId: number;
  action: ActivityDraft["action"];
  code: ActivityDraft["code"];
  params: ActivityDraft["params"];
  message: string;
  type: ActivityDraft["type"];
}

export interface AlertWrite {
  productId: number;
  payload: AlertPayload;
  message: string;
  type: string;
}

/**
 * A target's side of one fetch: its lease handed back and its next due time, the earliest of `next`
 * (the watchers this fetch served; null when none) and the due times of its other active watchers,
 * unless `rest` (epoch ms) holds it back: a page that is not there is fetched less often.
 */
export interface TargetWrite {
  id: number;
  next: number | null;
  rest?: number;
  /** what the fetch saw of a missing page (null: found, or not a 404) */
  notFound?: NotFound | null;
  /** the digest of what it read (null or absent: the fetch failed) */
  key?: string | null;
}

/** a settled target's fetch that read its last answer again: only clocks move (writeSettled) */
export interface SettledWrite {
  id: number;
  /** when the fetch started and ended (epoch ms) */
  started: number;
  at: number;
  /** the watchers' shortest interval: those due before `at` + it are served */
  shortest: number;
  /** per owner, the stretched interval its watchers get instead of their own (SettledTarget) */
  floors?: Record<string, number>;
  /** the answer read, the same as the watchers': one edited meanwhile is left for the next fetch */
  key: string;
  /** the target's next due time as its shortest watcher reckons it (the loop's wake; the write decides) */
  next: number;
  /**
   * keep the lease, renewed for this many ms, instead of handing it back (a held target: the
   * embedded database's hold goes on without a lease statement); it is handed back all the same
   * when a watcher must be read (one edited or added since: its digest is not the answer's) or
   * none is active. writeBatch answers which were kept.
   */
  renewMs?: number;
}

/** the outcomes of many fetches, written together in one statement */
export interface CheckBatch {
  targets: TargetWrite[];
  settled: SettledWrite[];
  checks: CheckWrite[];
  activities: ActivityWrite[];
  alerts: AlertWrite[];
}

/** an outbox row the batch wrote already leased ('sending', attempt 1) for this process's notifier */
export type QueuedAlert = OutboxRow;

export const emptyBatch = (): CheckBatch => ({
  targets: [],
  settled: [],
  checks: [],
  activities: [],
  alerts: [],
});

/**
 * The targets' part of every batch statement: each target leased by this worker gets its next due
 * time and its lease back. Products are written only through a target this returns, so a target
 * another worker has taken over (this lease expired) writes nothing of its watchers: not their state,
 * activity or alerts. $3: the product ids written; $4: the targets (JSON); $5: their ids.
 */
const TARGETS_CTE = `
  t as (
    update monitor_targets mt set
      next_check_at = case when y.rest is not null then to_timestamp(y.rest / 1000.0)
        else least(to_timestamp(y.next / 1000.0), (select min(o.next_check_at) from products o
          where o.target_id = mt.id and o.is_active and not (o.id = any($3::int[]))
            and o.user_id not in (select id from users where disabled_at is not null))) end,
      not_found_since = to_timestamp((y."notFound"->>'since')::float8 / 1000.0),
      not_found_streak = coalesce((y."notFound"->>'streak')::int, 0),
      reading_key = y.key,
      lease_until = null, leased_by = null
    from jsonb_to_recordset($4::jsonb) as y(id int, next float8, rest float8, "notFound" jsonb, key text)
    where mt.id = any($5::int[]) and mt.id = y.id and mt.leased_by = $1
    returning mt.id
  )`;

/**
 * One statement, so one transaction: the checked products' new state, their activity
 * entries and their outbox rows commit together or not at all. Each outbox row's payload carries
 * its owner's language (Settings → Utilizador), read here rather than once per delivery. A product counts only while this
 * worker still holds its lease (`leased_by`): one taken over by another worker writes nothing, not
 * even its activity or alert, so no alert is sent twice. Outbox rows are born leased to this
 * process's notifier, which gets them in memory at once instead of polling for them.
 */
/**
 * Each per-user channel's part of the fan-out (notify/channels/), when it is open in this process
 * ($9): its destinations for the product's owner, as the product chose (alert_channels) or else as
 * the owner's setting for it says (common/alert-channels.ts).
 */
const CHANNEL_FAN_OUT = CHANNEL_KINDS.map((kind, i) => {
  const entry = ALERT_CHANNELS.find((c) => c.key === kind.key);
  if (!entry?.setting)
    throw new Error(`the channel ${kind.key} needs its setting in common/alert-channels.ts`);
  return `
    union all
    select c.destination, ${i + 1} from (${kind.destinationsSql}) c
    left join user_settings s on s.user_id = u.user_id
    where '${kind.key}' = any($9::text[])
      and coalesce((u.alert_channels->>'${kind.key}')::boolean, (s.value->>'${entry.setting}')::boolean, ${entry.defaultOn})`;
}).join("");

const BATCH_SQL = `
  with ${TARGETS_CTE},
  u as (
    update products p set
      last_check = case when x.ok then to_timestamp(x.at / 1000.0) else p.last_check end,
      last_error_at = case when x.ok then p.last_error_at else to_timestamp(x.at / 1000.0) end,
      next_check_at = to_timestamp(x.next / 1000.0),
      failure_streak = x.streak,
      last_error = x.err,
      failing_since = case when x.ok then null else coalesce(p.failing_since, to_timestamp(x.at / 1000.0)) end,
      blind_since = case when x.ok then null when x.changes ? 'blind' then to_timestamp((x.changes->>'blind')::float8 / 1000.0)
        else p.blind_since end,
      is_active = case when x.changes ? 'deactivate' then false else p.is_active end,
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
      latest_matches = case when x.changes ? 'matches' then (
        select jsonb_agg(m.e order by m.n) from jsonb_array_elements(
          x.changes->'matches' || coalesce(p.latest_matches, '[]'::jsonb)) with ordinality as m(e, n)
        where m.n <= ${LATEST_MATCHES}) else p.latest_matches end,
      paused_until = to_timestamp(x.pause / 1000.0),
      reading_key = case when p.edit_version = x.ver then x.key end
    from jsonb_to_recordset($2::jsonb)
      as x(id int, target int, next float8, ok boolean, streak int, err text, at float8, pause float8,
        changes jsonb, key text, ver int)
      join t on t.id = x.target
    where p.id = any($3::int[]) and p.id = x.id
    returning p.id, p.user_id, p.name, p.webhook_url, p.alert_channels, p.currency
  ),
  -- a search's new item ids, with its alerts and only while leased: an id alerts at most once
  s as (
    insert into search_seen (product_id, item_id)
    select u.id, seen.item_id
    from jsonb_to_recordset($2::jsonb) as x(id int, changes jsonb)
    join u on u.id = x.id
    cross join lateral jsonb_array_elements_text(x.changes->'seen') as seen(item_id)
    where x.changes ? 'seen'
    on conflict do nothing
  ),
  -- a new price starts a row of the product's history, in the same transaction as the price
  ph as (
    insert into price_history (product_id, price, currency, recorded_at)
    select u.id, (x.changes->>'price')::numeric, coalesce(x.changes->>'currency', u.currency),
      to_timestamp(x.at / 1000.0)
    from jsonb_to_recordset($2::jsonb) as x(id int, at float8, changes jsonb)
    join u on u.id = x.id
    where x.changes ? 'price' and x.changes->>'price' is not null
  ),
  a as (
    insert into activity_logs (user_id, product_id, product_name, action, code, params, message, type)
    select u.user_id, u.id, u.name, y.action, y.code, y.params, y.message, y.type
    from jsonb_to_recordset($6::jsonb)
      as y(i int, pid int, action text, code text, params jsonb, message text, type text)
    join u on u.id = y.pid
    order by y.i
  )
  insert into notifications (product_id, user_id, webhook_url, payload, message, type, status, attempts,
    lease_until)
  select u.id, u.user_id, d.destination,
    -- the owner's language rides on the payload: every channel writes the alert in it (pt: absent)
    case when l.language in ('en', 'es') then z.payload || jsonb_build_object('language', l.language)
      else z.payload end
      -- and the owner's clock, for the times an alert names ("desde 14:05")
      || case when l.timezone is not null then jsonb_build_object('timezone', l.timezone) else '{}'::jsonb end,
    z.message, z.type, 'sending', 1, now() + $8 * interval '1 millisecond'
  from jsonb_to_recordset($7::jsonb) as z(i int, pid int, payload jsonb, message text, type text)
  join u on u.id = z.pid
  left join lateral (select s.value->>'language' as language, s.value->>'timezone' as timezone
    from user_settings s where s.user_id = u.user_id) l
    on true
  cross join lateral (
    -- each channel as the product chose (alert_channels), else as the owner's settings say
    select u.webhook_url as destination, 0 as rank
    where u.webhook_url <> '' and coalesce((u.alert_channels->>'webhook')::boolean, true)
${CHANNEL_FAN_OUT}
  ) d
  order by z.i, d.rank, d.destination
  returning id, user_id, product_id, webhook_url, payload, message, attempts`;

/** the same for a batch in which nothing but the bookkeeping changes (most of them): fewer columns */
const ROUTINE_SQL = `
  with ${TARGETS_CTE}
  update products p set
    last_check = case when x.ok then to_timestamp(x.at / 1000.0) else p.last_check end,
    last_error_at = case when x.ok then p.last_error_at else to_timestamp(x.at / 1000.0) end,
    next_check_at = to_timestamp(x.next / 1000.0),
    failure_streak = x.streak,
    last_error = x.err,
    failing_since = case when x.ok then null else coalesce(p.failing_since, to_timestamp(x.at / 1000.0)) end,
    blind_since = case when x.ok then null else p.blind_since end,
    paused_until = to_timestamp(x.pause / 1000.0),
    reading_key = case when p.edit_version = x.ver then x.key end
  from jsonb_to_recordset($2::jsonb)
    as x(id int, target int, next float8, ok boolean, streak int, err text, at float8, pause float8,
      key text, ver int)
    join t on t.id = x.target
  where p.id = any($3::int[]) and p.id = x.id`;

/** a settled watcher's interval: its own, or its owner's floor on a host over its budget */
const SETTLED_INTERVAL = `greatest(p.check_interval, coalesce((t.floors->>p.user_id::text)::float8, 0))`;

/**
 * A settled target's fetch that read its last answer again: each served watcher (due before the
 * fetch ended plus the shortest interval, as servedWatchers says) gets its last check and its next
 * due time as nextDueMs reckons it (with its owner's floor on a host over its budget), in SQL,
 * without leaving the database; the target its next due time and its lease back. Only watchers
 * that still hold the answer's key are written: one edited since the lease is left due, so the
 * target's next fetch reads its watchers again.
 */
const SETTLED_SQL = `
  with t as (
    select x.* from jsonb_to_recordset($2::jsonb)
      as x(id int, started float8, at float8, shortest float8, key text, "renewMs" float8, floors jsonb)
    join monitor_targets mt on mt.id = x.id
    where mt.id = any($3::int[]) and mt.leased_by = $1
  ),
  u as (
    update products p set
      last_check = to_timestamp(t.at / 1000.0),
      next_check_at = to_timestamp(greatest(
        case when t.started - extract(epoch from p.next_check_at) * 1000 > least($4::float8, ${SETTLED_INTERVAL} / 4.0)
          then t.started else extract(epoch from p.next_check_at) * 1000 end + ${SETTLED_INTERVAL},
        t.at) / 1000.0)
    from t
    where p.target_id = t.id and p.reading_key = t.key and ${ACTIVE_WATCHER}
      and p.next_check_at <= to_timestamp((t.at + t.shortest) / 1000.0)
    returning p.id, p.target_id, p.next_check_at
  ),
  k as (
    select t.id, t."renewMs" is not null and (select ${ALL_WATCHERS_HOLD("t.key")}
      from products p where p.target_id = t.id and ${ACTIVE_WATCHER}) as keep, t."renewMs"
    from t
  )
  update monitor_targets mt set
    next_check_at = least((select min(u.next_check_at) from u where u.target_id = mt.id),
      (select min(p.next_check_at) from products p where p.target_id = mt.id and ${ACTIVE_WATCHER}
        and not (p.id in (select u.id from u)))),
    lease_until = case when k.keep then now() + k."renewMs" * interval '1 millisecond' end,
    leased_by = case when k.keep then mt.leased_by end
  from k where mt.id = k.id
  returning mt.id, k.keep`;

/** writes settled targets' fetches (SETTLED_SQL) in one statement; answers the targets whose lease was kept */
async function writeSettled(db: Db, workerId: string, settled: SettledWrite[]): Promise<Set<number>> {
  const kept = new Set<number>();
  if (settled.length === 0) return kept;
  const result = await queryPrepared(db, "engine_settled_batch", SETTLED_SQL, [
    workerId,
    JSON.stringify(settled),
    intArray(settled.map((s) => s.id)),
    LATE_START_MS,
  ]);
  for (const r of result.rows) if (r.keep === true) kept.add(Number(r.id));
  return kept;
}

/** what a batch statement did: the outbox rows it queued, the settled targets whose lease it kept */
export interface WrittenBatch {
  queued: QueuedAlert[];
  kept: Set<number>;
}

/**
 * Writes a batch of check outcomes in one statement (see BATCH_SQL), its settled fetches in one
 * before it, and returns the outbox rows it queued, leased for `alertLeaseMs`, and the settled
 * targets whose lease it kept (renewMs). Throws when the statement fails: then nothing of the batch was
 * written, and its products stay leased until `releaseProducts` or the lease's expiry, after which
 * they are checked again and any alert is detected again (not lost, not doubled).
 */
export async function writeBatch(
  db: Db,
  workerId: string,
  batch: CheckBatch,
  alertLeaseMs: number,
  /** the per-user channels open in this process (e-mail only with SMTP): alerts fan out to them too */
  openChannels: readonly string[] = ALWAYS_OPEN,
): Promise<WrittenBatch> {
  const kept = await writeSettled(db, workerId, batch.settled);
  if (batch.targets.length === 0) return { queued: [], kept };
  const ids = intArray(batch.checks.map((c) => c.id));
  const checks = JSON.stringify(batch.checks);
  const targets = JSON.stringify(batch.targets);
  const targetIds = intArray(batch.targets.map((t) => t.id));
  if (batch.activities.length === 0 && batch.alerts.length === 0 && !batch.checks.some((c) => c.changes)) {
    await queryPrepared(db, "engine_routine_batch", ROUTINE_SQL, [workerId, checks, ids, targets, targetIds]);
    return { queued: [], kept };
  }
  const result = await queryPrepared(db, "engine_batch", BATCH_SQL, [
    workerId,
    checks,
    ids,
    targets,
    targetIds,
    batch.activities.length === 0
      ? "[]"
      : JSON.stringify(
          batch.activities.map((a, i) => ({
            i,
            pid: a.productId,
            action: a.action,
            code: a.code,
            params: a.params,
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
    `{${openChannels.join(",")}}`,
  ]);
  return { queued: result.rows.length === 0 ? [] : result.rows.map(outboxRowOf), kept };
}

const intArray = (ids: number[]): string => {
  let text = "{";
  for (let i = 0; i < ids.length; i++) text += (i ? "," : "") + ids[i];
  return `${text}}`;
};

/** hands leased targets back at once (a batch that could not be written): fetched again soon */
export async function releaseTargets(db: Db, workerId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await rawClient(db).query(
    "update monitor_targets set lease_until = null, leased_by = null where id = any($2::int[]) and leased_by = $1",
    [workerId, intArray(ids)],
  );
}

/**
 * hands leased targets back but keeps them from being leased again for `holdMs` (their host or
 * user is at its in-flight cap); their due time is kept, so the lag they suffer stays visible
 */
export async function deferTargets(db: Db, workerId: string, ids: number[], holdMs: number): Promise<void> {
  if (ids.length === 0) return;
  await rawClient(db).query(
    `update monitor_targets set lease_until = now() + $3 * interval '1 millisecond', leased_by = null
     where id = any($2::int[]) and leased_by = $1`,
    [workerId, intArray(ids), holdMs],
  );
}

/** a product URL's host in SQL, as the per-host caps and the interval stretch count it */
export const URL_HOST = sql.raw(`lower(substring(url from '^[A-Za-z]+://([^/:?#]+)'))`);

/** the users and hosts with active products, and the shortest interval among those products (0: none) */
export async function countActiveOwners(
  db: Db,
): Promise<{ users: number; hosts: number; shortestIntervalMs: number }> {
  const result = await db.execute(sql`
    select count(distinct user_id)::int as users,
      count(distinct ${URL_HOST})::int as hosts,
      coalesce(min(check_interval), 0)::int as shortest
    from products where is_active
      and user_id not in (select id from users where disabled_at is not null)`);
  const row = rowsOf(result)[0] ?? {};
  return {
    users: Number(row.users ?? 0),
    hosts: Number(row.hosts ?? 0),
    shortestIntervalMs: Number(row.shortest ?? 0),
  };
}

/** a product not yet placed in a target (new, edited, or from before targets existed) */
interface Untargeted {
  id: number;
  platform: string;
  monitor_type: string;
  url: string;
  product_id: string;
  config: string | null;
  variants: string | null;
}

/*
 * Places products in their targets in one statement: the targets are created when new (a no-op
 * update returns the ids of those that exist), then each product points at its own. A product edited
 * meanwhile (its fetched description no longer the one read) is left for the next turn.
 */
const ADOPT_SQL = `
  with x as (
    select * from jsonb_to_recordset($1::jsonb) as x(id int, platform text, key text, url text,
      product_id text, monitor_type text, config text, variants text)
  ),
  ins as (
    insert into monitor_targets (platform, target_key, url)
    select distinct on (platform, key) platform, key, url from x order by platform, key, id
    on conflict (platform, target_key) do update set url = monitor_targets.url
    returning id, platform, target_key
  )
  update products p set target_id = ins.id
  from x join ins on ins.platform = x.platform and ins.target_key = x.key
  where p.id = x.id and p.target_id is null
    and (p.url, p.platform, p.product_id, p.monitor_type, p.config, p.variants)
      is not distinct from (x.url, x.platform, x.product_id, x.monitor_type, x.config, x.variants)`;

/**
 * Places up to `limit` products that have no target yet in theirs (`keyOf` says which); answers how
 * many it found, so a caller may repeat while it finds a full batch.
 */
export async function adoptUntargeted(
  db: Db,
  limit: number,
  keyOf: (source: TargetSource) => string = targetKey,
): Promise<number> {
  const found = await rawClient(db).query(
    `select id, platform, monitor_type, url, product_id, config, variants from products
     where target_id is null order by id limit $1`,
    [limit],
  );
  const rows = found.rows as unknown as Untargeted[];
  if (rows.length === 0) return 0;
  const placed = rows.map((r) => ({
    ...r,
    key: keyOf({
      platform: r.platform,
      monitorType: r.monitor_type,
      url: r.url,
      productCode: r.product_id ?? "",
      config: r.config,
      variants: r.variants,
    }),
  }));
  await rawClient(db).query(ADOPT_SQL, [JSON.stringify(placed)]);
  return rows.length;
}

/** targets no product points at any more (their products deleted or moved to another target) */
export async function deleteOrphanTargets(db: Db): Promise<void> {
  await db.execute(sql`
    delete from monitor_targets t
    where (t.lease_until is null or t.lease_until < now())
      and not exists (select 1 from products p where p.target_id = t.id)`);
}
