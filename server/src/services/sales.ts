import type { UpdateInventoryStatus } from "@common/schemas/inventory.js";
import { MAX_QUANTITY, SELLABLE_STATUSES } from "@common/schemas/inventory.js";
import {
  type CreateSale,
  SALE_DELETED_UNITS_BACK,
  type Sale,
  type UpdateSale,
} from "@common/schemas/sales.js";
import { addMoney, multiplyMoney, subtractMoney } from "@common/money.js";
import type { DayWindow } from "../repositories/sale-calendar.js";
import type { Conn, Db, Tx } from "../db/client.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { inventoryItemsRepository, type ItemRow } from "../repositories/inventory-items.js";
import { expensesRepository } from "../repositories/expenses.js";
import { itemPhotosRepository } from "../repositories/item-photos.js";
import { type SaleRow, salesRepository } from "../repositories/sales.js";
import { getUserSettings } from "./settings.js";

export type { ItemRow };

export const ITEM_NOT_FOUND = "Item não encontrado";
export const SALE_NOT_FOUND = "Venda não encontrada";
export const ALREADY_SOLD = "Item já vendido";

/**
 * Sales: a sale and its item's "sold" status always change together, in one transaction. The
 * inventory's own rules (create, edit, change status, list) are in inventory.ts, which records its
 * sales through `recordSale` here.
 */

/** sale price − (item price + item shipping) × units sold − fees, exact to the cent */
export function computeProfit(
  salePrice: string,
  itemPrice: string,
  shippingPrice: string,
  fees: string,
  units = 1,
): string {
  return subtractMoney(salePrice, multiplyMoney(addMoney(itemPrice, shippingPrice), units), fees);
}

export interface SaleDetails {
  salePrice: string;
  fees: string;
  buyer: string | null;
  platform: string | null;
  saleDate?: Date;
  /** units of the lot sold; all of them when not given */
  quantity?: number;
}

/** the caller's item, locked for the rest of the transaction; another user's id is a 404 */
export async function lockOwnItem(tx: Tx, userId: number, itemId: number): Promise<ItemRow> {
  const item = await inventoryItemsRepository.lockOwn(tx, userId, itemId);
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

export const TOO_MANY_UNITS = "Não restam tantas unidades deste item";

/**
 * The item that will carry a sale of `units` of this one (the caller holds its lock and has checked
 * there are that many): the item itself when all its units go, else a copy of `units` units (same
 * fields, photo and dates, remembering its lot) while the lot keeps the rest in its status. The sale
 * dialogs (through `recordSale`) and the sales CSV import split a lot here.
 */
export async function splitLot(tx: Conn, item: ItemRow, units: number): Promise<ItemRow> {
  if (units >= item.quantity) return item;
  const { id: _id, ...fields } = item;
  const sold = await inventoryItemsRepository.insert(tx, {
    ...fields,
    quantity: units,
    // remembered so that deleting this sale can put the units back into the lot
    splitFromItemId: item.id,
    updatedAt: new Date(),
  });
  await itemPhotosRepository.copy(tx, item.id, sold.id);
  await inventoryItemsRepository.update(tx, item.id, {
    quantity: item.quantity - units,
    updatedAt: new Date(),
  });
  return sold;
}

/**
 * Creates the sale and marks the item sold; the caller holds the item's lock. A sale of some of a
 * lot's units splits the lot: those units become an item of their own (same fields, photo and
 * dates), sold, and the lot keeps the rest in its status, so a sale always has exactly one item and
 * its cost is that item's unit cost × its units.
 */
export async function recordSale(tx: Tx, item: ItemRow, details: SaleDetails): Promise<SaleRow> {
  if (!SELLABLE_STATUSES.includes(item.status)) throw conflict(ALREADY_SOLD);
  const units = details.quantity ?? item.quantity;
  if (units > item.quantity) {
    throw badRequest(TOO_MANY_UNITS, [{ path: "quantity", message: TOO_MANY_UNITS }]);
  }
  const sold = await splitLot(tx, item, units);
  // the sale keeps the books currency of its day: changing it later relabels no old sale
  const { currency } = await getUserSettings(tx, item.userId);
  const sale = await salesRepository.insert(tx, {
    userId: item.userId,
    currency,
    inventoryItemId: sold.id,
    salePrice: details.salePrice,
    fees: details.fees,
    buyer: details.buyer,
    platform: details.platform,
    saleDate: details.saleDate ?? new Date(),
    profit: computeProfit(details.salePrice, item.price, item.shippingPrice, details.fees, units),
  });
  await inventoryItemsRepository.update(tx, sold.id, { status: "sold", updatedAt: new Date() });
  return sale;
}

/** POST /api/sales: one transaction, so a sale never exists without its item marked sold */
export async function sellItem(db: Db, userId: number, input: CreateSale): Promise<Sale> {
  const saleId = await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, input.inventoryItemId);
    const sale = await recordSale(tx, item, input);
    return sale.id;
  });
  const [sale] = await listSales(db, userId, saleId);
  return sale;
}

export const SALE_DELETED = "Venda removida";
export { SALE_DELETED_UNITS_BACK };

/**
 * DELETE /api/sales/{id}: the sale goes and its units are back. Units split off a lot by this sale
 * go back into that lot (the split item is removed) while the lot is still unsold and has their
 * unit cost and purchase currency; otherwise, as for any other sale, the item is back in stock on
 * its own. One transaction, the sale, its item and the lot locked in that order.
 */
export async function deleteSale(db: Db, userId: number, saleId: number): Promise<{ merged: boolean }> {
  return db.transaction(async (tx) => {
    const sale = await salesRepository.lockOwn(tx, userId, saleId);
    if (!sale) throw notFound(SALE_NOT_FOUND);
    await salesRepository.delete(tx, sale.id);
    if (sale.inventoryItemId === null) return { merged: false };
    const item = await inventoryItemsRepository.lockOwn(tx, userId, sale.inventoryItemId);
    if (!item) return { merged: false };
    const lot = item.splitFromItemId
      ? await inventoryItemsRepository.lockOwn(tx, userId, item.splitFromItemId)
      : undefined;
    if (lot && canTakeBack(lot, item)) {
      await inventoryItemsRepository.update(tx, lot.id, {
        quantity: lot.quantity + item.quantity,
        updatedAt: new Date(),
      });
      // what was tied to the split item follows its units (its photo is the lot's copy and goes)
      await expensesRepository.moveToItem(tx, item.id, lot.id);
      await inventoryItemsRepository.delete(tx, item.id);
      return { merged: true };
    }
    await inventoryItemsRepository.update(tx, item.id, { status: "in_stock", updatedAt: new Date() });
    return { merged: false };
  });
}

/**
 * whether a lot can take back units split off it: still unsold, the same unit cost (price and
 * shipping) and the same purchase currency, amount and rate, and room for them
 */
function canTakeBack(lot: ItemRow, part: ItemRow): boolean {
  return (
    SELLABLE_STATUSES.includes(lot.status) &&
    lot.price === part.price &&
    lot.shippingPrice === part.shippingPrice &&
    lot.purchaseCurrency === part.purchaseCurrency &&
    lot.purchaseAmount === part.purchaseAmount &&
    lot.purchaseRate === part.purchaseRate &&
    lot.quantity + part.quantity <= MAX_QUANTITY
  );
}

export function requireSalePrice(
  change: Pick<UpdateInventoryStatus, "salePrice" | "fees" | "buyer" | "platform"> & { quantity?: number },
) {
  if (change.salePrice === null) {
    throw badRequest("Preço de venda obrigatório", [
      { path: "salePrice", message: "Preço de venda obrigatório" },
    ]);
  }
  return {
    salePrice: change.salePrice,
    fees: change.fees,
    buyer: change.buyer,
    platform: change.platform,
    quantity: change.quantity,
  };
}

/** PUT /api/sales/{id}: edits a sale; its profit follows */
export async function updateSale(db: Db, userId: number, saleId: number, input: UpdateSale): Promise<Sale> {
  await db.transaction(async (tx) => {
    const sale = await salesRepository.lockOwn(tx, userId, saleId);
    if (!sale) throw notFound(SALE_NOT_FOUND);
    const item = sale.inventoryItemId
      ? await inventoryItemsRepository.findById(tx, sale.inventoryItemId)
      : undefined;
    const next = { ...sale, ...input };
    await salesRepository.update(tx, sale.id, {
      ...input,
      profit: computeProfit(
        next.salePrice,
        item?.price ?? "0",
        item?.shippingPrice ?? "0",
        next.fees,
        item?.quantity ?? 1,
      ),
    });
    // the item row changes too, so that cached inventory answers learn of the new sale
    if (item) await inventoryItemsRepository.update(tx, item.id, { updatedAt: new Date() });
  });
  const [sale] = await listSales(db, userId, saleId);
  return sale;
}

export async function listSales(
  db: Conn,
  userId: number,
  saleId?: number,
  window: DayWindow | null = null,
): Promise<Sale[]> {
  const rows = await salesRepository.listWithItem(db, userId, saleId, window);
  return rows.map(({ sale, item }) => ({
    id: sale.id,
    inventoryItemId: sale.inventoryItemId,
    salePrice: sale.salePrice,
    saleDate: sale.saleDate.toISOString(),
    buyer: sale.buyer,
    platform: sale.platform,
    fees: sale.fees,
    profit: sale.profit,
    currency: sale.currency,
    quantity: item?.quantity ?? 1,
    createdAt: sale.createdAt.toISOString(),
    item: item
      ? {
          id: item.id,
          name: item.name,
          sku: item.sku,
          size: item.size,
          price: item.price,
          shippingPrice: item.shippingPrice,
          quantity: item.quantity,
          purchaseDate: item.purchaseDate?.toISOString() ?? null,
          createdAt: item.createdAt.toISOString(),
        }
      : null,
  }));
}
