import { and, desc, eq } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { expenseReceipts, expenses, inventoryItems } from "../db/schema.js";

export type ExpenseRow = typeof expenses.$inferSelect;
type NewExpense = typeof expenses.$inferInsert;
type ReceiptValues = Omit<typeof expenseReceipts.$inferInsert, "expenseId">;

export const expensesRepository = {
  async insert(conn: Conn, row: NewExpense): Promise<ExpenseRow> {
    const [expense] = await conn.insert(expenses).values(row).returning();
    return expense;
  },

  /** the user's expense, locked until the transaction ends, or undefined (another user's too) */
  async lockOwn(conn: Conn, userId: number, id: number): Promise<ExpenseRow | undefined> {
    const [row] = await conn
      .select()
      .from(expenses)
      .where(and(eq(expenses.id, id), eq(expenses.userId, userId)))
      .for("update");
    return row;
  },

  async update(conn: Conn, id: number, changes: Partial<NewExpense>): Promise<void> {
    await conn.update(expenses).set(changes).where(eq(expenses.id, id));
  },

  async delete(conn: Conn, id: number): Promise<void> {
    await conn.delete(expenses).where(eq(expenses.id, id));
  },

  /** the expenses tied to one item, tied to another instead (units merged back into their lot) */
  async moveToItem(conn: Conn, fromItemId: number, toItemId: number): Promise<void> {
    await conn
      .update(expenses)
      .set({ inventoryItemId: toItemId, updatedAt: new Date() })
      .where(eq(expenses.inventoryItemId, fromItemId));
  },

  /** the user's expenses (or one) with their item's name and the receipt's time, newest first */
  listOwn(conn: Conn, userId: number, expenseId?: number) {
    const mine = eq(expenses.userId, userId);
    return conn
      .select({
        expense: expenses,
        itemName: inventoryItems.name,
        receiptUpdatedAt: expenseReceipts.updatedAt,
      })
      .from(expenses)
      .leftJoin(inventoryItems, eq(inventoryItems.id, expenses.inventoryItemId))
      .leftJoin(expenseReceipts, eq(expenseReceipts.expenseId, expenses.id))
      .where(expenseId === undefined ? mine : and(mine, eq(expenses.id, expenseId)))
      .orderBy(desc(expenses.spentOn), desc(expenses.id));
  },

  async upsertReceipt(conn: Conn, expenseId: number, values: ReceiptValues): Promise<void> {
    await conn
      .insert(expenseReceipts)
      .values({ expenseId, ...values })
      .onConflictDoUpdate({ target: expenseReceipts.expenseId, set: values });
  },

  async deleteReceipt(conn: Conn, expenseId: number): Promise<void> {
    await conn.delete(expenseReceipts).where(eq(expenseReceipts.expenseId, expenseId));
  },

  /** the receipt of an expense the user owns, full or thumbnail */
  async findOwnReceipt(conn: Conn, userId: number, expenseId: number, kind: "full" | "thumbnail") {
    const [row] = await conn
      .select({
        mime: expenseReceipts.mime,
        body: kind === "full" ? expenseReceipts.full : expenseReceipts.thumbnail,
        updatedAt: expenseReceipts.updatedAt,
      })
      .from(expenseReceipts)
      .innerJoin(expenses, eq(expenses.id, expenseReceipts.expenseId))
      .where(and(eq(expenseReceipts.expenseId, expenseId), eq(expenses.userId, userId)));
    return row;
  },
};
