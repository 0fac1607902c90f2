import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { Conn, Db } from "../db/client.js";
import { inventoryItems, itemPhotos } from "../db/schema.js";
import { badRequest, notFound } from "../http-error.js";

export const PHOTO_NOT_FOUND = "Foto não encontrada";
/** the longest side of a thumbnail: a phone card at 2× density */
const THUMBNAIL_SIZE = 320;

export type PhotoKind = "full" | "thumbnail";

export interface DecodedPhoto {
  mime: string;
  full: Buffer;
  thumbnail: Buffer;
}

export async function makeThumbnail(full: Buffer): Promise<Buffer> {
  return sharp(full, { animated: false })
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

/** a validated data URL → its bytes and thumbnail; an image sharp cannot read is a 400 */
export async function decodePhoto(dataUrl: string): Promise<DecodedPhoto> {
  const comma = dataUrl.indexOf(",");
  const mime = dataUrl.slice(5, dataUrl.indexOf(";"));
  const full = Buffer.from(dataUrl.slice(comma + 1), "base64");
  try {
    return { mime, full, thumbnail: await makeThumbnail(full) };
  } catch {
    throw badRequest("Imagem inválida: o ficheiro não é uma imagem legível", [
      { path: "image", message: "Imagem inválida: o ficheiro não é uma imagem legível" },
    ]);
  }
}

/** replaces (photo) or removes (null) an item's photo; the caller owns the item */
export async function storePhoto(conn: Conn, itemId: number, photo: DecodedPhoto | null): Promise<void> {
  if (photo === null) {
    await conn.delete(itemPhotos).where(eq(itemPhotos.itemId, itemId));
    return;
  }
  const values = { ...photo, updatedAt: new Date() };
  await conn
    .insert(itemPhotos)
    .values({ itemId, ...values })
    .onConflictDoUpdate({ target: itemPhotos.itemId, set: values });
}

/** URLs of an item's photo; the version makes them safe to cache for good */
export function photoUrls(itemId: number, updatedAt: Date | null) {
  if (updatedAt === null) return { image: null, thumbnail: null };
  const v = updatedAt.getTime();
  return {
    image: `/api/inventory/${itemId}/photo?v=${v}`,
    thumbnail: `/api/inventory/${itemId}/photo/thumbnail?v=${v}`,
  };
}

/** the caller's photo bytes; another user's item is a 404. A missing thumbnail is made and kept. */
export async function readPhoto(
  db: Db,
  userId: number,
  itemId: number,
  kind: PhotoKind,
): Promise<{ mime: string; body: Buffer; updatedAt: Date }> {
  const [row] = await db
    .select({
      mime: itemPhotos.mime,
      body: kind === "full" ? itemPhotos.full : itemPhotos.thumbnail,
      updatedAt: itemPhotos.updatedAt,
    })
    .from(itemPhotos)
    .innerJoin(inventoryItems, eq(inventoryItems.id, itemPhotos.itemId))
    .where(and(eq(itemPhotos.itemId, itemId), eq(inventoryItems.userId, userId)));
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  if (kind === "full") return { mime: row.mime, body: row.body as Buffer, updatedAt: row.updatedAt };
  if (row.body) return { mime: "image/webp", body: row.body, updatedAt: row.updatedAt };
  // a photo moved out of the item row by the migration: its thumbnail is made now, once
  const [original] = await db
    .select({ full: itemPhotos.full })
    .from(itemPhotos)
    .where(eq(itemPhotos.itemId, itemId));
  const thumbnail = await makeThumbnail(original.full).catch(() => null);
  if (thumbnail === null) return { mime: row.mime, body: original.full, updatedAt: row.updatedAt };
  await db.update(itemPhotos).set({ thumbnail }).where(eq(itemPhotos.itemId, itemId));
  return { mime: "image/webp", body: thumbnail, updatedAt: row.updatedAt };
}
