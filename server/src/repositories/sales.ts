import { and, desc, eq, lte } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { inventoryItems, sales } from "../db/schema.js";
import { lockOwnRow } from "./own-row.js";
import { type DayWindow, dayInWindow, saleDay } from "./sale-calendar.js";

export type SaleRow = typeof sales.$inferSelect;
type NewSale = typeof sales.$inferInsert;

export const salesRepository = {
  async insert(conn: Conn, row: NewSale): Promise<SaleRow> {
    const [sale] = await conn.insert(sales).values(row).returning();
    return sale;
  },

  /** the user's sale, locked until the transaction ends, or undefined */
  lockOwn: (conn: Conn, userId: number, id: number): Promise<SaleRow | undefined> =>
    lockOwnRow(conn, sales, userId, id),

  /**
   * the currency of the user's latest sale recorded by `at` that still exists, if any: for a time
   * before sales kept their currency, the one the books were in when they began to (every sale of
   * then was given it, and editing a sale keeps it)
   */
  async currencyBefore(conn: Conn, userId: number, at: Date): Promise<string | undefined> {
    const [row] = await conn
      .select({ currency: sales.currency })
      .from(sales)
      .where(and(eq(sales.userId, userId), lte(sales.createdAt, at)))
      .orderBy(desc(sales.createdAt), desc(sales.id))
      .limit(1);
    return row?.currency;
  },

  async findByItem(conn: Conn, itemId: number): Promise<SaleRow | undefined> {
    const [sale] = await conn.select().from(sales).where(eq(sales.inventoryItemId, itemId));
    return sale;
  },

  async update(conn: Conn, id: number, changes: Partial<NewSale>): Promise<void> {
    await conn.update(sales).set(changes).where(eq(sales.id, id));
  },

  async delete(conn: Conn, id: number): Promise<void> {
    await conn.delete(sales).where(eq(sales.id, id));
  },

  async deleteByItem(conn: Conn, itemId: number): Promise<void> {
    await conn.delete(sales).where(eq(sales.inventoryItemId, itemId));
  },

  /** the user's sales (or one of them; those of the window when there is one) with their item, newest sale first */
  listWithItem(conn: Conn, userId: number, saleId?: number, window: DayWindow | null = null) {
    return conn
      .select({ sale: sales, item: inventoryItems })
      .from(sales)
      .leftJoin(inventoryItems, eq(inventoryItems.id, sales.inventoryItemId))
      .where(
        and(
          eq(sales.userId, userId),
          saleId === undefined ? undefined : eq(sales.id, saleId),
          window ? dayInWindow(saleDay(window.timeZone, sales.saleDate), window) : undefined,
        ),
      )
      .orderBy(desc(sales.saleDate), desc(sales.id));
  },
};
