import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { notifications, products } from "../db/schema.js";
import { logActivity } from "../services/activity.js";
import type { Detection, EngineState, StoredState } from "./detect.js";
import { alertSummary } from "./notify/alert.js";

/** A product leased for one check: what the adapter needs plus the stored state detect compares. */
export interface LeasedProduct extends StoredState {
  userId: number;
  productCode: string;
  config: string | null;
  variants: string | null;
  checkInterval: number;
  dueAt: Date;
  webhookUrl: string;
}

type Row = Record<string, unknown>;

const parseList = (value: unknown): string[] => {
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

const asDate = (value: unknown): Date | null =>
  value === null || value === undefined ? null : value instanceof Date ? value : new Date(String(value));

function toLeased(r: Row): LeasedProduct {
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
    imageUrl: (r.image_url as string | null) ?? null,
    lastCheck: asDate(r.last_check),
    checkInterval: Number(r.check_interval),
    dueAt: asDate(r.next_check_at) ?? new Date(),
    webhookUrl: String(r.webhook_url ?? ""),
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
    last_notified_status, last_notified_sizes, failure_streak, engine_state, price, image_url, last_check,
    check_interval, next_check_at, webhook_url`;

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
  const result = await rawClient(db).query(LEASE_SQL, [workerId, limit, leaseMs]);
  return result.rows.map(toLeased);
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

/** the bookkeeping of a check whose outcome changes nothing the user sees */
export interface RoutineOutcome {
  id: number;
  next: string;
  ok: boolean;
  streak: number;
  err: string | null;
  at: string;
}

const ROUTINE_SQL = `
  update products p set
    last_check = case when u.ok then u.at else p.last_check end,
    next_check_at = u.next,
    failure_streak = u.streak,
    last_error = u.err,
    last_error_at = case when u.ok then p.last_error_at else u.at end,
    lease_until = null, leased_by = null
  from jsonb_to_recordset($2::jsonb)
    as u(id int, next timestamptz, ok boolean, streak int, err text, at timestamptz)
  where p.id = any($3::int[]) and p.id = u.id and p.leased_by = $1`;

/** one statement for a whole batch of routine outcomes (the id list lets the planner use the key) */
export async function writeRoutine(db: Db, workerId: string, outcomes: RoutineOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await rawClient(db).query(ROUTINE_SQL, [
    workerId,
    JSON.stringify(outcomes),
    `{${outcomes.map((o) => o.id).join(",")}}`,
  ]);
}

/**
 * A change the user sees: new state, activity entries and outbox rows in one transaction. Returns
 * false when the lease was lost (another worker owns the product now): nothing is written, so no
 * alert is sent twice.
 */
export async function applyDetection(
  db: Db,
  workerId: string,
  product: LeasedProduct,
  detection: Detection,
  opts: { next: Date; now: Date; notificationsEnabled: boolean },
): Promise<{ applied: boolean; alerts: number }> {
  const u = detection.update;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(products)
      .set({
        ...(u.status !== undefined && { status: u.status }),
        ...(u.availableSizes !== undefined && { availableSizes: JSON.stringify(u.availableSizes) }),
        ...(u.lastNotifiedStatus !== undefined && { lastNotifiedStatus: u.lastNotifiedStatus }),
        ...(u.lastNotifiedSizes !== undefined && { lastNotifiedSizes: JSON.stringify(u.lastNotifiedSizes) }),
        ...(u.price !== undefined && { price: u.price }),
        ...(u.imageUrl !== undefined && { imageUrl: u.imageUrl }),
        ...(u.engineState !== undefined && { engineState: u.engineState }),
        ...(u.checked ? { lastCheck: opts.now } : { lastErrorAt: opts.now }),
        failureStreak: u.failureStreak,
        lastError: u.lastError,
        nextCheckAt: opts.next,
        leaseUntil: null,
        leasedBy: null,
      })
      .where(and(eq(products.id, product.id), eq(products.leasedBy, workerId)))
      .returning({ id: products.id });
    if (updated.length === 0) return { applied: false, alerts: 0 };
    for (const a of detection.activities) {
      await logActivity(tx, {
        userId: product.userId,
        productId: product.id,
        productName: product.name,
        ...a,
      });
    }
    const alerts = opts.notificationsEnabled && product.webhookUrl ? detection.alerts : [];
    if (alerts.length > 0) {
      await tx.insert(notifications).values(
        alerts.map((alert) => ({
          productId: product.id,
          userId: product.userId,
          webhookUrl: product.webhookUrl,
          payload: alert,
          message: alertSummary(alert),
          type: alert.kind,
          status: "pending",
        })),
      );
    }
    return { applied: true, alerts: alerts.length };
  });
}
