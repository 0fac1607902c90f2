import type { CheckDetail } from "@common/schemas/check-detail.js";
import { readRules } from "@common/schemas/monitor-rules.js";
import type { PriceSummary } from "@common/schemas/price-history.js";
import { type ProductDto, type ProductValues, toJsonList } from "@common/schemas/products.js";
import type { Conn, Db } from "../db/client.js";
import { badRequest, forbidden, notFound } from "../http-error.js";
import { checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { priceHistoryRepository } from "../repositories/price-history.js";
import { type ProductRow, productsRepository, type ShownProduct } from "../repositories/products.js";
import { usersRepository } from "../repositories/users.js";
import { logActivity } from "./activity.js";
import { getGlobalSettings } from "./settings.js";

export type { ProductRow };

/** `effectiveInterval`: the interval the engine really gives it (its site's budget), when longer */
export function toProductDto(
  p: ShownProduct,
  effectiveInterval: number | null = null,
  priceSummary: PriceSummary | null = null,
): ProductDto {
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
    effectiveInterval:
      effectiveInterval !== null && effectiveInterval > p.checkInterval ? effectiveInterval : null,
    isActive: p.isActive,
    lastCheck: p.lastCheck?.toISOString() ?? null,
    status: p.status,
    lastNotifiedStatus: p.lastNotifiedStatus,
    availableSizes: p.availableSizes,
    lastNotifiedSizes: p.lastNotifiedSizes,
    platform: p.platform,
    monitorType: p.monitorType,
    config: p.config,
    rules: p.rules === null ? null : readRules(p.rules),
    latestMatches: Array.isArray(p.latestMatches) ? p.latestMatches : [],
    hasVariants: p.hasVariants,
    variants: p.variants,
    createdAt: p.createdAt.toISOString(),
    nextCheckAt: p.nextCheckAt.toISOString(),
    failureStreak: p.failureStreak,
    lastError: p.lastError,
    lastErrorAt: p.lastErrorAt?.toISOString() ?? null,
    blindSince: p.blindSince?.toISOString() ?? null,
    lastRestockAt: p.lastRestockAt?.toISOString() ?? null,
    pausedUntil: p.pausedUntil?.toISOString() ?? null,
    priceSummary,
  };
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
    ...(input.rules !== undefined ? { rules: input.rules } : {}),
  };
}

export async function listProducts(db: Conn, userId: number): Promise<ShownProduct[]> {
  return productsRepository.listShownForUser(db, userId);
}

/** another user's product answers 404 exactly like a missing one */
export async function findOwnProduct(
  db: Conn,
  userId: number,
  id: number,
  lock = false,
): Promise<ProductRow> {
  const row = await productsRepository.findOwn(db, userId, id, lock);
  if (!row) throw notFound("Produto não encontrado");
  return row;
}

/** the dashboard's counts */
export async function countProductsByStatus(db: Conn, userId: number) {
  return productsRepository.countByStatus(db, userId);
}

export async function countProducts(db: Conn, userId: number): Promise<{ total: number; active: number }> {
  const total = await productsRepository.countForUser(db, userId);
  const active = await productsRepository.countForUser(db, userId, true);
  return { total, active };
}

/**
 * Creates a monitor within the user's limit. The user row is locked first, so parallel creates
 * of one user queue behind each other and the count they see is final.
 */
export async function createProduct(db: Db, userId: number, input: ProductValues): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const owner = await usersRepository.lockById(tx, userId);
    if (!owner) throw notFound("Utilizador não encontrado");
    const { total } = await countProducts(tx, userId);
    if (total >= owner.monitorLimit) {
      throw forbidden(`Limite de monitores atingido (${total}/${owner.monitorLimit})`);
    }
    return insertProduct(tx, userId, input, (await getGlobalSettings(tx)).autoStartNewProducts);
  });
}

/**
 * One new monitor, inside the caller's transaction (the caller has checked the limit): the row,
 * the first point of its price history and the activity line.
 */
export async function insertProduct(
  tx: Conn,
  userId: number,
  input: ProductValues,
  autoStart: boolean,
): Promise<ProductRow> {
  const created = await productsRepository.insert(tx, {
    ...editableColumns(input),
    userId,
    isActive: input.isActive ?? autoStart,
    availableSizes: toJsonList(input.availableSizes),
    nextCheckAt: new Date(),
  });
  // the price it is added with (typed, or read by the preview) starts its history: the engine
  // records only changes, so a first check that reads the same price would leave none
  if (created.price !== null)
    await priceHistoryRepository.record(tx, created.id, created.price, created.currency);
  await logActivity(tx, {
    userId,
    productId: created.id,
    productName: created.name,
    action: "product_added",
    code: "product_added",
    params: { product: created.name },
    message: `Produto "${created.name}" adicionado à monitorização`,
    type: "success",
  });
  return created;
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
  latestMatches: null,
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
    const product = await productsRepository.update(tx, id, {
      ...editableColumns(input),
      isActive,
      ...(pageChanged ? freshEngineState : {}),
      ...(checkNow ? { nextCheckAt: new Date() } : {}),
    });
    // another search is another page: its first scan is silent again, and every id news to it
    if (pageChanged) await productsRepository.forgetSeenItems(tx, id);
    return { product, checkNow };
  });
}

export async function deleteProduct(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const product = await findOwnProduct(tx, userId, id, true);
    await productsRepository.delete(tx, id);
    await logActivity(tx, {
      userId,
      productId: null,
      productName: product.name,
      action: "product_deleted",
      code: "product_removed",
      params: { product: product.name },
      message: `Produto "${product.name}" removido da monitorização`,
      type: "info",
    });
  });
}

export async function toggleProduct(db: Db, userId: number, id: number): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const current = await findOwnProduct(tx, userId, id, true);
    const isActive = !current.isActive;
    return productsRepository.update(tx, id, { isActive, ...(isActive ? { nextCheckAt: new Date() } : {}) });
  });
}

/** start-all / stop-all; returns the products that were turned on (to check them at once) */
export async function setAllActive(db: Conn, userId: number, isActive: boolean): Promise<number[]> {
  return productsRepository.setAllActive(db, userId, {
    isActive,
    ...(isActive ? { nextCheckAt: new Date() } : {}),
  });
}

/** "Testar agora" keeps what it read as the product's last check detail */
export async function saveCheckDetail(db: Db, userId: number, productId: number, detail: CheckDetail) {
  await productsRepository.setCheckDetail(db, userId, productId, detail);
}

/** the last check's detail of one of the user's products (null before its first check) */
export async function ownCheckDetail(db: Db, userId: number, productId: number): Promise<CheckDetail | null> {
  const row = await productsRepository.findOwnCheckDetail(db, userId, productId);
  if (!row) throw notFound("Produto não encontrado");
  return (row.detail ?? null) as CheckDetail | null;
}
