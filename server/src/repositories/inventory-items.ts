import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { inventoryItems, itemPhotos, sales } from "../db/schema.js";
import { lockOwnRow } from "./own-row.js";
import { type DayWindow, dayInWindow, itemBoughtDay } from "./sale-calendar.js";

export type ItemRow = typeof inventoryItems.$inferSelect;
type NewItem = typeof inventoryItems.$inferInsert;

export const inventoryItemsRepository = {
  /** the user's item, locked until the transaction ends, or undefined */
  lockOwn: (conn: Conn, userId: number, id: number): Promise<ItemRow | undefined> =>
    lockOwnRow(conn, inventoryItems, userId, id),

  async findById(conn: Conn, id: number): Promise<ItemRow | undefined> {
    const [item] = await conn.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    return item;
  },

  async insert(conn: Conn, row: NewItem): Promise<ItemRow> {
    const [item] = await conn.insert(inventoryItems).values(row).returning();
    return item;
  },

  async update(conn: Conn, id: number, changes: Partial<NewItem>): Promise<ItemRow> {
    const [item] = await conn
      .update(inventoryItems)
      .set(changes)
      .where(eq(inventoryItems.id, id))
      .returning();
    return item;
  },

  async delete(conn: Conn, id: number): Promise<void> {
    await conn.delete(inventoryItems).where(eq(inventoryItems.id, id));
  },

  /** the rate of the user's latest item (by registration) bought in `currency`, or undefined */
  async lastRate(conn: Conn, userId: number, currency: string) {
    const [row] = await conn
      .select({
        rate: inventoryItems.purchaseRate,
        purchaseDate: inventoryItems.purchaseDate,
        createdAt: inventoryItems.createdAt,
      })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.userId, userId),
          eq(inventoryItems.purchaseCurrency, currency),
          isNotNull(inventoryItems.purchaseRate),
        ),
      )
      .orderBy(desc(inventoryItems.createdAt), desc(inventoryItems.id))
      .limit(1);
    return row as { rate: string; purchaseDate: Date | null; createdAt: Date } | undefined;
  },

  /** the user's items (or one of them) with their sale and photo date, newest first */
  /** the user's items (or one of them; those bought in the window when there is one), newest first */
  listWithSaleAndPhoto(conn: Conn, userId: number, itemId?: number, window: DayWindow | null = null) {
    return conn
      .select({ item: inventoryItems, sale: sales, photoAt: itemPhotos.updatedAt })
      .from(inventoryItems)
      .leftJoin(sales, eq(sales.inventoryItemId, inventoryItems.id))
      .leftJoin(itemPhotos, eq(itemPhotos.itemId, inventoryItems.id))
      .where(
        and(
          eq(inventoryItems.userId, userId),
          itemId === undefined ? undefined : eq(inventoryItems.id, itemId),
          window
            ? dayInWindow(
                itemBoughtDay(window.timeZone, inventoryItems.purchaseDate, inventoryItems.createdAt),
                window,
              )
            : undefined,
        ),
      )
      .orderBy(desc(inventoryItems.createdAt), desc(inventoryItems.id));
  },
};
