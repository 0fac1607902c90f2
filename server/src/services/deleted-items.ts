import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { deletedItems, inventoryItems, itemPhotos, sales } from "../db/schema.js";
import { notFound } from "../http-error.js";
import { ITEM_NOT_FOUND } from "./sales.js";

/** how long a deleted item can still be put back; the toast offers 5 s, the rest is slack for a
 * slow network. Older copies are pruned on the next deletion. */
export const RESTORE_WINDOW_MS = 10 * 60 * 1000;
const KEEP_MS = 60 * 60 * 1000;
export const CANNOT_RESTORE = "Item não encontrado ou já não pode ser reposto";

type ItemRow = typeof inventoryItems.$inferSelect;
type SaleRow = typeof sales.$inferSelect;

/** deletes an item (its sale and photo go with it) and keeps a copy for restoreItem */
export async function deleteItem(db: Db, userId: number, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.id, itemId), eq(inventoryItems.userId, userId)))
      .for("update");
    if (!item) throw notFound(ITEM_NOT_FOUND);
    const [sale] = await tx.select().from(sales).where(eq(sales.inventoryItemId, itemId));
    const [photo] = await tx.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId));
    const copy = {
      userId,
      item,
      sale: sale ?? null,
      photoMime: photo?.mime ?? null,
      photoFull: photo?.full ?? null,
      photoThumbnail: photo?.thumbnail ?? null,
      photoUpdatedAt: photo?.updatedAt ?? null,
      deletedAt: new Date(),
    };
    await tx
      .insert(deletedItems)
      .values({ itemId, ...copy })
      .onConflictDoUpdate({ target: deletedItems.itemId, set: copy });
    // the item's sale and photo go with it (ON DELETE CASCADE)
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, itemId));
    await tx.delete(deletedItems).where(lt(deletedItems.deletedAt, new Date(Date.now() - KEEP_MS)));
  });
}

const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/** puts a recently deleted item back as it was: same id, its sale and its photo */
export async function restoreItem(db: Db, userId: number, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [copy] = await tx
      .delete(deletedItems)
      .where(
        and(
          eq(deletedItems.itemId, itemId),
          eq(deletedItems.userId, userId),
          gt(deletedItems.deletedAt, new Date(Date.now() - RESTORE_WINDOW_MS)),
        ),
      )
      .returning();
    if (!copy) throw notFound(CANNOT_RESTORE);
    // JSON carried the dates as text
    const item = copy.item as ItemRow;
    await tx.insert(inventoryItems).values({
      ...item,
      purchaseDate: toDate(item.purchaseDate),
      createdAt: toDate(item.createdAt) ?? new Date(),
      updatedAt: toDate(item.updatedAt) ?? new Date(),
    });
    const sale = copy.sale as SaleRow | null;
    if (sale) {
      await tx.insert(sales).values({
        ...sale,
        saleDate: toDate(sale.saleDate) ?? new Date(),
        createdAt: toDate(sale.createdAt) ?? new Date(),
      });
    }
    if (copy.photoMime && copy.photoFull) {
      await tx.insert(itemPhotos).values({
        itemId,
        mime: copy.photoMime,
        full: copy.photoFull,
        thumbnail: copy.photoThumbnail,
        updatedAt: copy.photoUpdatedAt ?? new Date(),
      });
    }
  });
}
