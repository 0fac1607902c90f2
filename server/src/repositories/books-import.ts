import { and, asc, eq, inArray } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { importFingerprints, inventoryItems, sales } from "../db/schema.js";

type NewItem = typeof inventoryItems.$inferInsert;
type NewSale = typeof sales.$inferInsert;
type NewFingerprint = typeof importFingerprints.$inferInsert;

/** rows a statement carries: far below PostgreSQL's 65 535 parameters at a dozen columns */
const CHUNK = 1_000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/** the CSV import's queries: its fingerprints, and the items and sales it writes many at a time */
export const booksImportRepository = {
  /** which of these fingerprints the user already imported */
  async existingFingerprints(
    conn: Conn,
    userId: number,
    kind: string,
    fingerprints: readonly string[],
  ): Promise<Set<string>> {
    const found = new Set<string>();
    for (const part of chunks(fingerprints)) {
      const rows = await conn
        .select({ fingerprint: importFingerprints.fingerprint })
        .from(importFingerprints)
        .where(
          and(
            eq(importFingerprints.userId, userId),
            eq(importFingerprints.kind, kind),
            inArray(importFingerprints.fingerprint, part),
          ),
        );
      for (const row of rows) found.add(row.fingerprint);
    }
    return found;
  },

  /** the user's items not sold yet, oldest first; locked until the transaction ends when `lock` */
  unsoldItems(conn: Conn, userId: number, lock: boolean) {
    const query = conn
      .select({
        id: inventoryItems.id,
        name: inventoryItems.name,
        purchaseDate: inventoryItems.purchaseDate,
        price: inventoryItems.price,
        shippingPrice: inventoryItems.shippingPrice,
        quantity: inventoryItems.quantity,
      })
      .from(inventoryItems)
      .where(
        and(
          eq(inventoryItems.userId, userId),
          inArray(inventoryItems.status, ["in_stock", "pending", "transit"]),
        ),
      )
      .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id));
    return lock ? query.for("update") : query;
  },

  /** every item of the user, as the import compares a row with the books */
  itemsForComparison(conn: Conn, userId: number) {
    return conn
      .select({
        name: inventoryItems.name,
        price: inventoryItems.price,
        shippingPrice: inventoryItems.shippingPrice,
        purchaseDate: inventoryItems.purchaseDate,
      })
      .from(inventoryItems)
      .where(eq(inventoryItems.userId, userId));
  },

  /** every sale of the user with its item's name, as the import compares a row with the books */
  salesForComparison(conn: Conn, userId: number) {
    return conn
      .select({ name: inventoryItems.name, salePrice: sales.salePrice, saleDate: sales.saleDate })
      .from(sales)
      .innerJoin(inventoryItems, eq(inventoryItems.id, sales.inventoryItemId))
      .where(eq(sales.userId, userId));
  },

  /** the new items' ids, in the order given */
  async insertItems(conn: Conn, rows: readonly NewItem[]): Promise<number[]> {
    const ids: number[] = [];
    for (const part of chunks(rows)) {
      const created = await conn.insert(inventoryItems).values(part).returning({ id: inventoryItems.id });
      ids.push(...created.map((r) => r.id));
    }
    return ids;
  },

  async markSold(conn: Conn, itemIds: readonly number[], at: Date): Promise<void> {
    for (const part of chunks(itemIds)) {
      await conn
        .update(inventoryItems)
        .set({ status: "sold", updatedAt: at })
        .where(inArray(inventoryItems.id, part));
    }
  },

  /** the new sales' ids, in the order given */
  async insertSales(conn: Conn, rows: readonly NewSale[]): Promise<number[]> {
    const ids: number[] = [];
    for (const part of chunks(rows)) {
      const created = await conn.insert(sales).values(part).returning({ id: sales.id });
      ids.push(...created.map((r) => r.id));
    }
    return ids;
  },

  async insertFingerprints(conn: Conn, rows: readonly NewFingerprint[]): Promise<void> {
    for (const part of chunks(rows)) await conn.insert(importFingerprints).values(part);
  },
};
