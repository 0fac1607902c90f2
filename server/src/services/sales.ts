import type {
  CreateInventoryItem,
  InventoryItem,
  UpdateInventoryItem,
  UpdateInventoryStatus,
} from "@common/schemas/inventory.js";
import { SELLABLE_STATUSES } from "@common/schemas/inventory.js";
import type { CreateSale, Sale, UpdateSale } from "@common/schemas/sales.js";
import { subtractMoney } from "@common/money.js";
import { and, desc, eq } from "drizzle-orm";
import type { Conn, Db, Tx } from "../db/client.js";
import { inventoryItems, itemPhotos, sales } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { decodePhoto, photoUrls, storePhoto } from "./item-photos.js";

type ItemRow = typeof inventoryItems.$inferSelect;
type SaleRow = typeof sales.$inferSelect;

export const ITEM_NOT_FOUND = "Item não encontrado";
export const SALE_NOT_FOUND = "Venda não encontrada";
export const ALREADY_SOLD = "Item já vendido";

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
async function lockOwnItem(tx: Tx, userId: number, itemId: number): Promise<ItemRow> {
  const [item] = await tx
    .select()
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.userId, userId)))
    .for("update");
  if (!item) throw notFound(ITEM_NOT_FOUND);
  return item;
}

/** creates the sale and marks the item sold; the caller holds the item's lock */
async function recordSale(tx: Tx, item: ItemRow, details: SaleDetails): Promise<SaleRow> {
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

/**
 * PUT /api/inventory/{id}: to sold records the sale ("transferred to sales"); out of sold removes
 * the sale; anything else only changes the status.
 */
export async function changeItemStatus(
  db: Db,
  userId: number,
  itemId: number,
  change: UpdateInventoryStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, itemId);
    if (change.status === "sold") {
      if (item.status === "sold") {
        if (change.salePrice !== null) throw conflict(ALREADY_SOLD);
        return;
      }
      await recordSale(tx, item, requireSalePrice(change));
      return;
    }
    if (item.status === "sold") await tx.delete(sales).where(eq(sales.inventoryItemId, item.id));
    await tx
      .update(inventoryItems)
      .set({ status: change.status, updatedAt: new Date() })
      .where(eq(inventoryItems.id, item.id));
  });
}

function requireSalePrice(change: Pick<UpdateInventoryStatus, "salePrice" | "fees" | "buyer" | "platform">) {
  if (change.salePrice === null) {
    throw badRequest("Preço de venda obrigatório", [
      { path: "salePrice", message: "Preço de venda obrigatório" },
    ]);
  }
  return { salePrice: change.salePrice, fees: change.fees, buyer: change.buyer, platform: change.platform };
}

/** POST /api/inventory: an item created as sold gets its sale in the same transaction */
export async function createItem(db: Db, userId: number, input: CreateInventoryItem): Promise<number> {
  const { salePrice, fees, buyer, platform, image, ...fields } = input;
  const saleDetails =
    fields.status === "sold" ? requireSalePrice({ salePrice, fees, buyer, platform }) : null;
  const photo = image ? await decodePhoto(image) : null;
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(inventoryItems)
      .values({
        ...fields,
        userId,
        status: saleDetails ? "in_stock" : fields.status,
        purchaseDate: fields.purchaseDate ?? null,
        tags: fields.tags ?? [],
      })
      .returning();
    if (photo) await storePhoto(tx, item.id, photo);
    if (saleDetails) await recordSale(tx, item, saleDetails);
    return item.id;
  });
}

/** PATCH /api/inventory/{id}: the fields sent change; a new cost recomputes the sale's profit */
export async function updateItem(db: Db, userId: number, itemId: number, input: UpdateInventoryItem) {
  const { image, ...fields } = input;
  const photo = typeof image === "string" ? await decodePhoto(image) : image;
  await db.transaction(async (tx) => {
    const item = await lockOwnItem(tx, userId, itemId);
    const [updated] = await tx
      .update(inventoryItems)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(inventoryItems.id, item.id))
      .returning();
    if (photo !== undefined) await storePhoto(tx, item.id, photo);
    if (fields.price !== undefined || fields.shippingPrice !== undefined) {
      const [sale] = await tx.select().from(sales).where(eq(sales.inventoryItemId, item.id));
      if (sale) {
        await tx
          .update(sales)
          .set({ profit: computeProfit(sale.salePrice, updated.price, updated.shippingPrice, sale.fees) })
          .where(eq(sales.id, sale.id));
      }
    }
  });
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

export async function listItems(db: Conn, userId: number, itemId?: number): Promise<InventoryItem[]> {
  const rows = await db
    .select({ item: inventoryItems, sale: sales, photoAt: itemPhotos.updatedAt })
    .from(inventoryItems)
    .leftJoin(sales, eq(sales.inventoryItemId, inventoryItems.id))
    .leftJoin(itemPhotos, eq(itemPhotos.itemId, inventoryItems.id))
    .where(
      itemId === undefined
        ? eq(inventoryItems.userId, userId)
        : and(eq(inventoryItems.userId, userId), eq(inventoryItems.id, itemId)),
    )
    .orderBy(desc(inventoryItems.createdAt), desc(inventoryItems.id));
  return rows.map(({ item, sale, photoAt }) => ({
    id: item.id,
    name: item.name,
    ...photoUrls(item.id, photoAt),
    size: item.size,
    sku: item.sku,
    price: item.price,
    shippingPrice: item.shippingPrice,
    purchaseLocation: item.purchaseLocation,
    purchaseDate: item.purchaseDate?.toISOString() ?? null,
    status: item.status,
    tags: item.tags,
    notes: item.notes,
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
    sale: sale
      ? {
          id: sale.id,
          salePrice: sale.salePrice,
          fees: sale.fees,
          profit: sale.profit,
          saleDate: sale.saleDate.toISOString(),
          buyer: sale.buyer,
          platform: sale.platform,
        }
      : null,
  }));
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
