import type { CheckDetail } from "@common/schemas/check-detail.js";
import { type ProductDto, type ProductValues, toJsonList } from "@common/schemas/products.js";
import { AVAILABLE_STATUSES } from "@common/status.js";
import { and, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Conn, Db } from "../db/client.js";
import { products, users } from "../db/schema.js";
import { badRequest, forbidden, notFound } from "../http-error.js";
import { assertPublicUrl, checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { logActivity } from "./activity.js";
import { getGlobalSettings } from "./settings.js";

export type ProductRow = typeof products.$inferSelect;

/** what the API shows of a product: not the engine's lease and memory (engine_state can be long) */
const {
  leaseUntil: _lease,
  leasedBy: _leasedBy,
  engineState: _state,
  lastCheckDetail: _detail,
  ...shownColumns
} = getTableColumns(products);
type ShownProduct = Omit<ProductRow, "leaseUntil" | "leasedBy" | "engineState" | "lastCheckDetail">;

export function toProductDto(p: ShownProduct): ProductDto {
  return {
    id: p.id,
    userId: p.userId,
    name: p.name,
    productId: p.productId,
    url: p.url,
    imageUrl: p.imageUrl,
    price: p.price,
    currency: p.currency,
    webhookUrl: p.webhookUrl,
    alertChannels: p.alertChannels ?? null,
    checkInterval: p.checkInterval,
    isActive: p.isActive,
    lastCheck: p.lastCheck?.toISOString() ?? null,
    status: p.status,
    lastNotifiedStatus: p.lastNotifiedStatus,
    availableSizes: p.availableSizes,
    lastNotifiedSizes: p.lastNotifiedSizes,
    platform: p.platform,
    monitorType: p.monitorType,
    config: p.config,
    hasVariants: p.hasVariants,
    variants: p.variants,
    createdAt: p.createdAt.toISOString(),
    nextCheckAt: p.nextCheckAt.toISOString(),
    failureStreak: p.failureStreak,
    lastError: p.lastError,
    lastErrorAt: p.lastErrorAt?.toISOString() ?? null,
    lastRestockAt: p.lastRestockAt?.toISOString() ?? null,
    pausedUntil: p.pausedUntil?.toISOString() ?? null,
  };
}

/**
 * The webhook is fetched by the server, so it must be https and resolve only to public addresses
 * (SSRF). `allowPrivate` is the test/demo escape hatch (ALLOW_PRIVATE_WEBHOOKS).
 */
export async function assertSafeWebhook(
  url: string,
  allowPrivate: boolean,
  /** the body field the error names */
  field = "webhookUrl",
): Promise<void> {
  try {
    if (allowPrivate) checkUrlShapeLoosely(url);
    else await assertPublicUrl(url, { httpsOnly: true });
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw badRequest(`Webhook: ${error.message}`, [{ path: field, message: error.message }]);
    }
    throw error;
  }
}

/**
 * The same rules without the DNS look-up, for a caller whose request goes through the transport's
 * guard anyway (it resolves, refuses private answers and connects to the address it checked).
 */
export function assertWebhookShape(url: string, allowPrivate: boolean, field = "webhookUrl"): void {
  try {
    if (allowPrivate) checkUrlShapeLoosely(url);
    else checkUrlShape(url, { httpsOnly: true });
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw badRequest(`Webhook: ${error.message}`, [{ path: field, message: error.message }]);
    }
    throw error;
  }
}

function checkUrlShapeLoosely(raw: string) {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("URL inválido");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new UnsafeUrlError("O URL tem de ser http ou https");
  }
}

/** product URLs are fetched too; the platform's host list already pins them, this refuses the rest */
export function assertSafeProductUrl(url: string): void {
  try {
    checkUrlShape(url);
  } catch (error) {
    if (error instanceof UnsafeUrlError) {
      throw badRequest(error.message, [{ path: "url", message: error.message }]);
    }
    throw error;
  }
}

/** the columns a user edits (POST and PUT share them) */
function editableColumns(input: ProductValues) {
  return {
    name: input.name,
    productId: input.productId,
    url: input.url,
    imageUrl: input.imageUrl,
    price: input.price,
    webhookUrl: input.webhookUrl,
    checkInterval: input.checkInterval,
    platform: input.platform,
    monitorType: input.monitorType,
    config: input.config,
    hasVariants: input.hasVariants || input.variants.length > 0,
    variants: toJsonList(input.variants),
    ...(input.alertChannels !== undefined ? { alertChannels: input.alertChannels } : {}),
  };
}

export async function listProducts(db: Conn, userId: number): Promise<ShownProduct[]> {
  return db
    .select(shownColumns)
    .from(products)
    .where(eq(products.userId, userId))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/** another user's product answers 404 exactly like a missing one */
export async function findOwnProduct(
  db: Conn,
  userId: number,
  id: number,
  lock = false,
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.userId, userId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Produto não encontrado");
  return row;
}

/** the dashboard's counts */
export async function countProductsByStatus(db: Conn, userId: number) {
  const [row] = await db
    .select({
      total: count(),
      available: sql<number>`(count(*) filter (where ${inArray(products.status, [...AVAILABLE_STATUSES])}))::int`,
      outOfStock: sql<number>`(count(*) filter (where ${eq(products.status, "out_of_stock")}))::int`,
    })
    .from(products)
    .where(eq(products.userId, userId));
  return row;
}

export async function countProducts(db: Conn, userId: number): Promise<{ total: number; active: number }> {
  const [totals] = await db.select({ n: count() }).from(products).where(eq(products.userId, userId));
  const [actives] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.userId, userId), eq(products.isActive, true)));
  return { total: totals.n, active: actives.n };
}

/**
 * Creates a monitor within the user's limit. The user row is locked first, so parallel creates
 * of one user queue behind each other and the count they see is final.
 */
export async function createProduct(db: Db, userId: number, input: ProductValues): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!owner) throw notFound("Utilizador não encontrado");
    const { total } = await countProducts(tx, userId);
    if (total >= owner.monitorLimit) {
      throw forbidden(`Limite de monitores atingido (${total}/${owner.monitorLimit})`);
    }
    const isActive = input.isActive ?? (await getGlobalSettings(tx)).autoStartNewProducts;
    const [created] = await tx
      .insert(products)
      .values({
        ...editableColumns(input),
        userId,
        isActive,
        availableSizes: toJsonList(input.availableSizes),
        nextCheckAt: new Date(),
      })
      .returning();
    await logActivity(tx, {
      userId,
      productId: created.id,
      productName: created.name,
      action: "product_added",
      message: `Produto "${created.name}" adicionado à monitorização`,
      type: "success",
    });
    return created;
  });
}

/** what the engine learnt no longer applies when the watched page changes */
const freshEngineState = {
  status: "unknown",
  lastCheck: null,
  lastNotifiedStatus: null,
  availableSizes: null,
  lastNotifiedSizes: null,
  failureStreak: 0,
  lastError: null,
  lastErrorAt: null,
  engineState: null,
  lastCheckDetail: null,
  lastRestockAt: null,
  pausedUntil: null,
} as const;

export async function updateProduct(
  db: Db,
  userId: number,
  id: number,
  input: ProductValues,
): Promise<{ product: ProductRow; checkNow: boolean }> {
  return db.transaction(async (tx) => {
    const current = await findOwnProduct(tx, userId, id, true);
    const pageChanged =
      current.url !== input.url ||
      current.platform !== input.platform ||
      current.productId !== input.productId;
    const isActive = input.isActive ?? current.isActive;
    const turnedOn = isActive && !current.isActive;
    const checkNow = isActive && (turnedOn || pageChanged);
    const [product] = await tx
      .update(products)
      .set({
        ...editableColumns(input),
        isActive,
        ...(pageChanged ? freshEngineState : {}),
        ...(checkNow ? { nextCheckAt: new Date() } : {}),
      })
      .where(eq(products.id, id))
      .returning();
    return { product, checkNow };
  });
}

export async function deleteProduct(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findOwnProduct(tx, userId, id, true);
    await tx.delete(products).where(eq(products.id, id));
    await logActivity(tx, {
      userId,
      productId: null,
      productName: product.name,
      action: "product_deleted",
      message: `Produto "${product.name}" removido da monitorização`,
      type: "info",
    });
  });
}

export async function toggleProduct(db: Db, userId: number, id: number): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const current = await findOwnProduct(tx, userId, id, true);
    const isActive = !current.isActive;
    const [product] = await tx
      .update(products)
      .set({ isActive, ...(isActive ? { nextCheckAt: new Date() } : {}) })
      .where(eq(products.id, id))
      .returning();
    return product;
  });
}

/** start-all / stop-all; returns the products that were turned on (to check them at once) */
export async function setAllActive(db: Conn, userId: number, isActive: boolean): Promise<number[]> {
  const changed = await db
    .update(products)
    .set({ isActive, ...(isActive ? { nextCheckAt: new Date() } : {}) })
    .where(and(eq(products.userId, userId), eq(products.isActive, !isActive)))
    .returning({ id: products.id });
  return changed.map((p) => p.id);
}

/** "Testar agora" keeps what it read as the product's last check detail */
export async function saveCheckDetail(db: Db, userId: number, productId: number, detail: CheckDetail) {
  await db
    .update(products)
    .set({ lastCheckDetail: detail })
    .where(and(eq(products.id, productId), eq(products.userId, userId)));
}

/** the last check's detail of one of the user's products (null before its first check) */
export async function ownCheckDetail(db: Db, userId: number, productId: number): Promise<CheckDetail | null> {
  const [row] = await db
    .select({ detail: products.lastCheckDetail })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.userId, userId)));
  if (!row) throw notFound("Produto não encontrado");
  return (row.detail ?? null) as CheckDetail | null;
}
