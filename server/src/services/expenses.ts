import type { CreateExpense, Expense, UpdateExpense } from "@common/schemas/expenses.js";
import type { Conn, Db, Tx } from "../db/client.js";
import { badRequest, notFound } from "../http-error.js";
import { expensesRepository } from "../repositories/expenses.js";
import { inventoryItemsRepository } from "../repositories/inventory-items.js";
import { type DecodedPhoto, decodePhoto, type PhotoKind } from "./item-photos.js";
import { assertRoomForExpense, assertRoomForReceipt } from "./quotas.js";

export const EXPENSE_NOT_FOUND = "Despesa não encontrada";
export const RECEIPT_NOT_FOUND = "Talão não encontrado";
const LINKED_ITEM_NOT_FOUND = "Item não encontrado no seu inventário";

/**
 * Expenses: what a reseller spends beside the items (packaging, supplies, subscriptions, travel…).
 * The receipt photo goes through the item photos' pipeline (decodePhoto: size limits, upright,
 * shrunk, EXIF gone, thumbnail) and counts in the same photo quota.
 */

const photoSize = (photo: DecodedPhoto) => photo.full.length + photo.thumbnail.length;

/** the linked item must be the caller's own: another user's id is refused as if it did not exist */
async function assertOwnItem(tx: Tx, userId: number, itemId: number | null | undefined): Promise<void> {
  if (itemId === null || itemId === undefined) return;
  const item = await inventoryItemsRepository.findById(tx, itemId);
  if (!item || item.userId !== userId) {
    throw badRequest(LINKED_ITEM_NOT_FOUND, [{ path: "inventoryItemId", message: LINKED_ITEM_NOT_FOUND }]);
  }
}

async function storeReceipt(tx: Tx, expenseId: number, photo: DecodedPhoto | null): Promise<void> {
  if (photo === null) await expensesRepository.deleteReceipt(tx, expenseId);
  else await expensesRepository.upsertReceipt(tx, expenseId, { ...photo, updatedAt: new Date() });
}

/** POST /api/expenses */
export async function createExpense(db: Db, userId: number, input: CreateExpense): Promise<Expense> {
  const { image, ...fields } = input;
  const photo = image ? await decodePhoto(image) : null;
  const id = await db.transaction(async (tx) => {
    await assertRoomForExpense(tx, userId, photo ? photoSize(photo) : null);
    await assertOwnItem(tx, userId, fields.inventoryItemId);
    const expense = await expensesRepository.insert(tx, { ...fields, userId });
    if (photo) await storeReceipt(tx, expense.id, photo);
    return expense.id;
  });
  const [expense] = await listExpenses(db, userId, id);
  return expense;
}

/** PUT /api/expenses/{id}: the fields sent change; image null or "" removes the receipt */
export async function updateExpense(
  db: Db,
  userId: number,
  expenseId: number,
  input: UpdateExpense,
): Promise<Expense> {
  const { image, ...fields } = input;
  const photo = typeof image === "string" ? await decodePhoto(image) : image;
  await db.transaction(async (tx) => {
    const expense = await expensesRepository.lockOwn(tx, userId, expenseId);
    if (!expense) throw notFound(EXPENSE_NOT_FOUND);
    await assertOwnItem(tx, userId, fields.inventoryItemId);
    if (photo) await assertRoomForReceipt(tx, userId, expense.id, photoSize(photo));
    // updatedAt changes even when only the receipt does: the list's cached answer follows this row
    await expensesRepository.update(tx, expense.id, { ...fields, updatedAt: new Date() });
    if (photo !== undefined) await storeReceipt(tx, expense.id, photo);
  });
  const [expense] = await listExpenses(db, userId, expenseId);
  return expense;
}

/** DELETE /api/expenses/{id} (its receipt goes with it) */
export async function deleteExpense(db: Db, userId: number, expenseId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const expense = await expensesRepository.lockOwn(tx, userId, expenseId);
    if (!expense) throw notFound(EXPENSE_NOT_FOUND);
    await expensesRepository.delete(tx, expense.id);
  });
}

/** URLs of a receipt; the version makes them safe to cache for good */
function receiptUrls(expenseId: number, updatedAt: Date | null) {
  if (updatedAt === null) return { receipt: null, receiptThumbnail: null };
  const v = updatedAt.getTime();
  return {
    receipt: `/api/expenses/${expenseId}/receipt?v=${v}`,
    receiptThumbnail: `/api/expenses/${expenseId}/receipt/thumbnail?v=${v}`,
  };
}

export async function listExpenses(db: Conn, userId: number, expenseId?: number): Promise<Expense[]> {
  const rows = await expensesRepository.listOwn(db, userId, expenseId);
  return rows.map(({ expense, itemName, receiptUpdatedAt }) => ({
    id: expense.id,
    spentOn: expense.spentOn,
    category: expense.category as Expense["category"],
    description: expense.description,
    amount: expense.amount,
    inventoryItemId: expense.inventoryItemId,
    itemName,
    ...receiptUrls(expense.id, receiptUpdatedAt),
    createdAt: expense.createdAt.toISOString(),
  }));
}

/** the caller's receipt bytes; another user's expense is a 404 */
export async function readReceipt(db: Db, userId: number, expenseId: number, kind: PhotoKind) {
  const row = await expensesRepository.findOwnReceipt(db, userId, expenseId, kind);
  if (!row) throw notFound(RECEIPT_NOT_FOUND);
  return { mime: kind === "full" ? row.mime : "image/webp", body: row.body, updatedAt: row.updatedAt };
}
