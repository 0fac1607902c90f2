import sharp from "sharp";
import type { Conn, Db } from "../db/client.js";
import { badRequest, notFound } from "../http-error.js";
import { itemPhotosRepository } from "../repositories/item-photos.js";

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
    await itemPhotosRepository.delete(conn, itemId);
    return;
  }
  await itemPhotosRepository.upsert(conn, itemId, { ...photo, updatedAt: new Date() });
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
  const row = await itemPhotosRepository.findOwn(db, userId, itemId, kind);
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  if (kind === "full") return { mime: row.mime, body: row.body as Buffer, updatedAt: row.updatedAt };
  if (row.body) return { mime: "image/webp", body: row.body, updatedAt: row.updatedAt };
  // a photo moved out of the item row by the migration: its thumbnail is made now, once
  const full = await itemPhotosRepository.findFull(db, itemId);
  const thumbnail = await makeThumbnail(full).catch(() => null);
  if (thumbnail === null) return { mime: row.mime, body: full, updatedAt: row.updatedAt };
  await itemPhotosRepository.setThumbnail(db, itemId, thumbnail);
  return { mime: "image/webp", body: thumbnail, updatedAt: row.updatedAt };
}
