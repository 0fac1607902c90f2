import type { Db, Tx } from "../db/client.js";
import { notFound } from "../http-error.js";
import { deletedItemsRepository } from "../repositories/deleted-items.js";
import { inventoryItemsRepository, type ItemRow } from "../repositories/inventory-items.js";
import { productsRepository } from "../repositories/products.js";
import { itemPhotosRepository } from "../repositories/item-photos.js";
import { type SaleRow, salesRepository } from "../repositories/sales.js";
import { ITEM_NOT_FOUND } from "./sales.js";
import { getUserSettings } from "./settings.js";

/** how long a deleted item can still be put back; the toast offers 5 s, the rest is slack for a
 * slow network. Older copies are pruned on the next deletion. */
export const RESTORE_WINDOW_MS = 10 * 60 * 1000;
const KEEP_MS = 60 * 60 * 1000;
export const CANNOT_RESTORE = "Item não encontrado ou já não pode ser reposto";

/** deletes an item (its sale and photo go with it) and keeps a copy for restoreItem */
export async function deleteItem(db: Db, userId: number, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await inventoryItemsRepository.lockOwn(tx, userId, itemId);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    const sale = await salesRepository.findByItem(tx, itemId);
    const photo = await itemPhotosRepository.findByItem(tx, itemId);
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
    await deletedItemsRepository.save(tx, itemId, copy);
    // the item's sale and photo go with it (ON DELETE CASCADE)
    await inventoryItemsRepository.delete(tx, itemId);
    await deletedItemsRepository.deleteOlderThan(tx, new Date(Date.now() - KEEP_MS));
  });
}

const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

/**
 * A copy taken before sales kept their currency has none. Its sale was shown in the owner's books
 * currency of then: the one the migration gave the owner's other sales of that time, when one is
 * left (a sale recorded before the copy was taken); otherwise the owner's books currency of today.
 */
async function currencyOfOldCopy(tx: Tx, userId: number, deletedAt: Date): Promise<string> {
  return (
    (await salesRepository.currencyBefore(tx, userId, deletedAt)) ??
    (await getUserSettings(tx, userId)).currency
  );
}

/** puts a recently deleted item back as it was: same id, its sale and its photo */
export async function restoreItem(db: Db, userId: number, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const copy = await deletedItemsRepository.take(
      tx,
      userId,
      itemId,
      new Date(Date.now() - RESTORE_WINDOW_MS),
    );
    if (!copy) throw notFound(CANNOT_RESTORE);
    // JSON carried the dates as text
    const item = copy.item as ItemRow;
    // the monitor it was bought from may have been removed since
    const source = item.sourceProductId
      ? await productsRepository.findOwn(tx, userId, item.sourceProductId)
      : undefined;
    // and so may the lot its units were split off from
    const lot = item.splitFromItemId
      ? await inventoryItemsRepository.lockOwn(tx, userId, item.splitFromItemId)
      : undefined;
    await inventoryItemsRepository.insert(tx, {
      ...item,
      sourceProductId: source?.id ?? null,
      splitFromItemId: lot?.id ?? null,
      purchaseDate: toDate(item.purchaseDate),
      createdAt: toDate(item.createdAt) ?? new Date(),
      updatedAt: toDate(item.updatedAt) ?? new Date(),
    });
    const sale = copy.sale as SaleRow | null;
    if (sale) {
      await salesRepository.insert(tx, {
        ...sale,
        currency: sale.currency ?? (await currencyOfOldCopy(tx, userId, copy.deletedAt)),
        saleDate: toDate(sale.saleDate) ?? new Date(),
        createdAt: toDate(sale.createdAt) ?? new Date(),
      });
    }
    if (copy.photoMime && copy.photoFull) {
      await itemPhotosRepository.insert(tx, itemId, {
        mime: copy.photoMime,
        full: copy.photoFull,
        thumbnail: copy.photoThumbnail,
        updatedAt: copy.photoUpdatedAt ?? new Date(),
      });
    }
  });
}
