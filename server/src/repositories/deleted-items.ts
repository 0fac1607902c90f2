import { and, eq, gt, lt } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { deletedItems } from "../db/schema.js";

type DeletedItemCopy = Omit<typeof deletedItems.$inferInsert, "itemId">;

/** copies of deleted inventory items, kept for a while so they can be put back */
export const deletedItemsRepository = {
  async save(conn: Conn, itemId: number, copy: DeletedItemCopy): Promise<void> {
    await conn
      .insert(deletedItems)
      .values({ itemId, ...copy })
      .onConflictDoUpdate({ target: deletedItems.itemId, set: copy });
  },

  async deleteOlderThan(conn: Conn, cutoff: Date): Promise<void> {
    await conn.delete(deletedItems).where(lt(deletedItems.deletedAt, cutoff));
  },

  /** removes and returns the user's copy of the item when it was deleted after `since` */
  async take(conn: Conn, userId: number, itemId: number, since: Date) {
    const [copy] = await conn
      .delete(deletedItems)
      .where(
        and(
          eq(deletedItems.itemId, itemId),
          eq(deletedItems.userId, userId),
          gt(deletedItems.deletedAt, since),
        ),
      )
      .returning();
    return copy;
  },
};
