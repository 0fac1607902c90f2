import { and, eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { inventoryItems, itemPhotos } from "../db/schema.js";

export type PhotoRow = typeof itemPhotos.$inferSelect;
type PhotoValues = Omit<typeof itemPhotos.$inferInsert, "itemId">;

export const itemPhotosRepository = {
  async findByItem(conn: Conn, itemId: number): Promise<PhotoRow | undefined> {
    const [photo] = await conn.select().from(itemPhotos).where(eq(itemPhotos.itemId, itemId));
    return photo;
  },

  /** the photo of an item the user owns, with the full image or the thumbnail (null if not made yet) */
  async findOwn(conn: Conn, userId: number, itemId: number, kind: "full" | "thumbnail") {
    const [row] = await conn
      .select({
        mime: itemPhotos.mime,
        body: kind === "full" ? itemPhotos.full : itemPhotos.thumbnail,
        updatedAt: itemPhotos.updatedAt,
      })
      .from(itemPhotos)
      .innerJoin(inventoryItems, eq(inventoryItems.id, itemPhotos.itemId))
      .where(and(eq(itemPhotos.itemId, itemId), eq(inventoryItems.userId, userId)));
    return row;
  },

  /** the full image of a photo the caller knows exists */
  async findFull(conn: Conn, itemId: number): Promise<Buffer> {
    const [row] = await conn
      .select({ full: itemPhotos.full })
      .from(itemPhotos)
      .where(eq(itemPhotos.itemId, itemId));
    return row.full;
  },

  /** gives item `to` a copy of item `from`'s photo, when it has one (a lot split by a sale) */
  async copy(conn: Conn, from: number, to: number): Promise<void> {
    await conn.execute(sql`insert into item_photos (item_id, mime, "full", thumbnail, updated_at)
      select ${to}, mime, "full", thumbnail, updated_at from item_photos where item_id = ${from}`);
  },

  async insert(conn: Conn, itemId: number, values: PhotoValues): Promise<void> {
    await conn.insert(itemPhotos).values({ itemId, ...values });
  },

  async upsert(conn: Conn, itemId: number, values: PhotoValues): Promise<void> {
    await conn
      .insert(itemPhotos)
      .values({ itemId, ...values })
      .onConflictDoUpdate({ target: itemPhotos.itemId, set: values });
  },

  async setThumbnail(conn: Conn, itemId: number, thumbnail: Buffer): Promise<void> {
    await conn.update(itemPhotos).set({ thumbnail }).where(eq(itemPhotos.itemId, itemId));
  },

  async delete(conn: Conn, itemId: number): Promise<void> {
    await conn.delete(itemPhotos).where(eq(itemPhotos.itemId, itemId));
  },
};
