import { AVAILABLE_STATUSES } from "@common/status.js";
import { and, count, desc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { products, searchSeen } from "../db/schema.js";

export type ProductRow = typeof products.$inferSelect;
type NewProduct = typeof products.$inferInsert;
type ProductChanges = Partial<NewProduct>;

/** what the API shows of a product: not the engine's lease and memory (engine_state can be long) */
const {
  leaseUntil: _lease,
  leasedBy: _leasedBy,
  engineState: _state,
  lastCheckDetail: _detail,
  targetId: _target,
  ...shownColumns
} = getTableColumns(products);
export type ShownProduct = Omit<
  ProductRow,
  "leaseUntil" | "leasedBy" | "engineState" | "lastCheckDetail" | "targetId"
>;

const ownedBy = (userId: number, id: number) => and(eq(products.id, id), eq(products.userId, userId));

export const productsRepository = {
  /** a search monitor's memory of the item ids it has seen (search_seen) */
  async forgetSeenItems(conn: Conn, productId: number): Promise<void> {
    await conn.delete(searchSeen).where(eq(searchSeen.productId, productId));
  },

  listShownForUser(conn: Conn, userId: number): Promise<ShownProduct[]> {
    return conn
      .select(shownColumns)
      .from(products)
      .where(eq(products.userId, userId))
      .orderBy(desc(products.createdAt), desc(products.id));
  },

  /** the user's product (locked until the transaction ends when `lock`), or undefined */
  async findOwn(conn: Conn, userId: number, id: number, lock = false): Promise<ProductRow | undefined> {
    const query = conn.select().from(products).where(ownedBy(userId, id));
    const [row] = lock ? await query.for("update") : await query;
    return row;
  },

  async countByStatus(conn: Conn, userId: number) {
    const [row] = await conn
      .select({
        total: count(),
        available: sql<number>`(count(*) filter (where ${inArray(products.status, [...AVAILABLE_STATUSES])}))::int`,
        outOfStock: sql<number>`(count(*) filter (where ${eq(products.status, "out_of_stock")}))::int`,
      })
      .from(products)
      .where(eq(products.userId, userId));
    return row;
  },

  async countForUser(conn: Conn, userId: number, onlyActive = false): Promise<number> {
    const [row] = await conn
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.userId, userId), onlyActive ? eq(products.isActive, true) : undefined));
    return row.n;
  },

  async insert(conn: Conn, row: NewProduct): Promise<ProductRow> {
    const [created] = await conn.insert(products).values(row).returning();
    return created;
  },

  async update(conn: Conn, id: number, changes: ProductChanges): Promise<ProductRow> {
    const [updated] = await conn.update(products).set(changes).where(eq(products.id, id)).returning();
    return updated;
  },

  async delete(conn: Conn, id: number): Promise<void> {
    await conn.delete(products).where(eq(products.id, id));
  },

  /** sets isActive on the user's products that differ; returns the ids that changed */
  async setAllActive(conn: Conn, userId: number, changes: ProductChanges & { isActive: boolean }) {
    const changed = await conn
      .update(products)
      .set(changes)
      .where(and(eq(products.userId, userId), eq(products.isActive, !changes.isActive)))
      .returning({ id: products.id });
    return changed.map((p) => p.id);
  },

  async setCheckDetail(conn: Conn, userId: number, id: number, detail: unknown): Promise<void> {
    await conn.update(products).set({ lastCheckDetail: detail }).where(ownedBy(userId, id));
  },

  /** the row's check detail, or undefined when the user has no such product */
  async findOwnCheckDetail(conn: Conn, userId: number, id: number): Promise<{ detail: unknown } | undefined> {
    const [row] = await conn
      .select({ detail: products.lastCheckDetail })
      .from(products)
      .where(ownedBy(userId, id));
    return row;
  },
};
