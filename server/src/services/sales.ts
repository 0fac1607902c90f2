import type { UpdateInventoryStatus } from "@common/schemas/inventory.js";
import { SELLABLE_STATUSES } from "@common/schemas/inventory.js";
import type { CreateSale, Sale, UpdateSale } from "@common/schemas/sales.js";
import { subtractMoney } from "@common/money.js";
import { and, desc, eq } from "drizzle-orm";
import type { Conn, Db, Tx } from "../db/client.js";
import { inventoryItems, sales } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../http-error.js";

export type ItemRow = typeof inventoryItems.$inferSelect;
type SaleRow = typeof sales.$inferSelect;

export const ITEM_NOT_FOUND = "Item não encontrado";
export const SALE_NOT_FOUND = "Venda não encontrada";
export const ALREADY_SOLD = "Item já vendido";

/**
 * Sales: a sale and its item's "sold" status always change together, in one transaction. The
 * inventory's own rules (create, edit, change status, list) are in inventory.ts, which records its
 * sales through `recordSale` here.
 */

/** sale price − item price − item shipping − fees, exact to the cent */
export function computeProfit(
  salePrice: string,
  itemPrice: string,
  shippingPrice: string,
  fees: string,
): string {
  return subtractMoney(salePrice, itemPrice, shippingPrice, fees);
}

export interface SaleDetails {
  salePrice: string;
  fees: string;
  buyer: string | null;
  platform: string | null;
  saleDate?: Date;
}

/** the caller's item, locked for the rest of the transaction; another user's id is a 404 */
export async function lockOwnItem(tx: Tx, userId: number, itemId: number): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.userId, userId)))
    .for("update");
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

/** creates the sale and marks the item sold; the caller holds the item's lock */
export async function recordSale(tx: Tx, item: ItemRow, details: SaleDetails): Promise<SaleRow> {
  if (!SELLABLE_STATUSES.includes(item.status)) throw conflict(ALREADY_SOLD);
  const [sale] = await tx
    .insert(sales)
    .values({
      userId: item.userId,
      inventoryItemId: item.id,
      salePrice: details.salePrice,
      fees: details.fees,
      buyer: details.buyer,
      platform: details.platform,
      saleDate: details.saleDate ?? new Date(),
      profit: computeProfit(details.salePrice, item.price, item.shippingPrice, details.fees),
    })
    .returning();
  await tx
    .update(inventoryItems)
    .set({ status: "sold", updatedAt: new Date() })
    .where(eq(inventoryItems.id, item.id));
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

/** DELETE /api/sales/{id}: the sale goes and its item is back in stock */
export async function deleteSale(db: Db, userId: number, saleId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(sales)
      .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
      .for("update");
    if (!sale) throw notFound(SALE_NOT_FOUND);
    await tx.delete(sales).where(eq(sales.id, sale.id));
    if (sale.inventoryItemId !== null) {
      await tx
        .update(inventoryItems)
        .set({ status: "in_stock", updatedAt: new Date() })
        .where(eq(inventoryItems.id, sale.inventoryItemId));
    }
  });
}

export function requireSalePrice(
  change: Pick<UpdateInventoryStatus, "salePrice" | "fees" | "buyer" | "platform">,
) {
  if (change.salePrice === null) {
    throw badRequest("Preço de venda obrigatório", [
      { path: "salePrice", message: "Preço de venda obrigatório" },
    ]);
  }
  return { salePrice: change.salePrice, fees: change.fees, buyer: change.buyer, platform: change.platform };
}

/** PUT /api/sales/{id}: edits a sale; its profit follows */
export async function updateSale(db: Db, userId: number, saleId: number, input: UpdateSale): Promise<Sale> {
  await db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(sales)
      .where(and(eq(sales.id, saleId), eq(sales.userId, userId)))
      .for("update");
    if (!sale) throw notFound(SALE_NOT_FOUND);
    const [item] = sale.inventoryItemId
      ? await tx.select().from(inventoryItems).where(eq(inventoryItems.id, sale.inventoryItemId))
      : [];
    const next = { ...sale, ...input };
    await tx
      .update(sales)
      .set({
        ...input,
        profit: computeProfit(next.salePrice, item?.price ?? "0", item?.shippingPrice ?? "0", next.fees),
      })
      .where(eq(sales.id, sale.id));
    // the item row changes too, so that cached inventory answers learn of the new sale
    if (item)
      await tx.update(inventoryItems).set({ updatedAt: new Date() }).where(eq(inventoryItems.id, item.id));
  });
  const [sale] = await listSales(db, userId, saleId);
  return sale;
}

export async function listSales(db: Conn, userId: number, saleId?: number): Promise<Sale[]> {
  const rows = await db
    .select({ sale: sales, item: inventoryItems })
    .from(sales)
    .leftJoin(inventoryItems, eq(inventoryItems.id, sales.inventoryItemId))
    .where(
      saleId === undefined ? eq(sales.userId, userId) : and(eq(sales.userId, userId), eq(sales.id, saleId)),
    )
    .orderBy(desc(sales.saleDate), desc(sales.id));
  return rows.map(({ sale, item }) => ({
    id: sale.id,
    inventoryItemId: sale.inventoryItemId,
    salePrice: sale.salePrice,
    saleDate: sale.saleDate.toISOString(),
    buyer: sale.buyer,
    platform: sale.platform,
    fees: sale.fees,
    profit: sale.profit,
    createdAt: sale.createdAt.toISOString(),
    item: item
      ? {
          id: item.id,
          name: item.name,
          sku: item.sku,
          size: item.size,
          price: item.price,
          shippingPrice: item.shippingPrice,
        }
      : null,
  }));
}
