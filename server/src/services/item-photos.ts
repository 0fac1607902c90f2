import { PHOTO_LONG_SIDE } from "@common/schemas/images.js";
import type { Metadata, Sharp } from "sharp";
import type { Conn, Db } from "../db/client.js";
import { badRequest, HttpError, notFound } from "../http-error.js";
import { itemPhotosRepository } from "../repositories/item-photos.js";
import { imageWork } from "./image-work.js";

export const PHOTO_NOT_FOUND = "Foto não encontrada";
/** the longest side of a thumbnail: a phone card at 2× density */
const THUMBNAIL_SIZE = 320;

export type PhotoKind = "full" | "thumbnail";

export interface DecodedPhoto {
  mime: string;
  full: Buffer;
  thumbnail: Buffer;
}

/**
 * Past this a photo is refused from its header, before any decoding: a 13 KB PNG of 16 000 × 16 000
 * px took 1-1.8 s of sharp and hundreds of MB each. 40 MP is above any phone camera's photo.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

class TooManyPixels extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super("too many pixels");
  }
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} MP`;

/** reads the header only; sharp's own limit stays as the second guard should a header lie */
async function readHeader(full: Buffer): Promise<Metadata> {
  const metadata = await (await sharpLibrary())(full, { limitInputPixels: false }).metadata();
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_IMAGE_PIXELS) throw new TooManyPixels(width, height);
  return metadata;
}

/** sharp (libvips, ~20 MB) is loaded with the first photo, not by every start of a small install */
const sharpLibrary = () => import("sharp").then((m) => m.default);

const decoder = async (image: Buffer): Promise<Sharp> =>
  (await sharpLibrary())(image, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS });

async function thumbnailOf(full: Buffer): Promise<Buffer> {
  return (await decoder(full))
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

export async function makeThumbnail(full: Buffer): Promise<Buffer> {
  return imageWork.run(async () => {
    await readHeader(full);
    return thumbnailOf(full);
  });
}

/**
 * A photo past PHOTO_LONG_SIDE or carrying EXIF (a phone's orientation, its GPS position) is turned
 * upright, shrunk and written again without any metadata; a JPEG stays a JPEG, the rest becomes
 * WebP (it keeps transparency). One the browser already shrank has neither and is kept byte for byte.
 */
async function normalise(mime: string, full: Buffer): Promise<{ mime: string; full: Buffer }> {
  const header = await readHeader(full);
  const { width = 0, height = 0 } = header;
  if (Math.max(width, height) <= PHOTO_LONG_SIDE && !header.exif && !header.orientation)
    return { mime, full };
  const upright = (await decoder(full))
    .rotate()
    .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: "inside", withoutEnlargement: true });
  if (mime === "image/jpeg") return { mime, full: await upright.jpeg({ quality: 85 }).toBuffer() };
  return { mime: "image/webp", full: await upright.webp({ quality: 85 }).toBuffer() };
}

/** a validated data URL → its bytes (upright, at most PHOTO_LONG_SIDE) and thumbnail; an unreadable image is a 400 */
export async function decodePhoto(dataUrl: string): Promise<DecodedPhoto> {
  const comma = dataUrl.indexOf(",");
  const sent = Buffer.from(dataUrl.slice(comma + 1), "base64");
  try {
    return await imageWork.run(async () => {
      const { mime, full } = await normalise(dataUrl.slice(5, dataUrl.indexOf(";")), sent);
      return { mime, full, thumbnail: await thumbnailOf(full) };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const message =
      error instanceof TooManyPixels
        ? `Imagem demasiado grande: ${error.width} × ${error.height} píxeis (máximo ${megapixels(MAX_IMAGE_PIXELS)})`
        : "Imagem inválida: o ficheiro não é uma imagem legível";
    throw badRequest(message, [{ path: "image", message }]);
  }
}

/**
 * An image from elsewhere (a monitor's picture) as a photo data URL the item dialog can hold and
 * send back: turned upright, at most PHOTO_LONG_SIDE, written again without any metadata as JPEG
 * (WebP when it has transparency); null when it is not a readable image or has too many pixels
 */
export async function photoDataUrlOf(bytes: Buffer): Promise<string | null> {
  try {
    return await imageWork.run(async () => {
      const header = await readHeader(bytes);
      const upright = (await decoder(bytes))
        .rotate()
        .resize(PHOTO_LONG_SIDE, PHOTO_LONG_SIDE, { fit: "inside", withoutEnlargement: true });
      const [mime, out] = header.hasAlpha
        ? ["image/webp", await upright.webp({ quality: 85 }).toBuffer()]
        : ["image/jpeg", await upright.jpeg({ quality: 85 }).toBuffer()];
      return `data:${mime};base64,${out.toString("base64")}`;
    });
  } catch (error) {
    if (error instanceof HttpError) throw error; // the image queue is full: said as a 503
    return null;
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
  // the photo's version in base 36 (8 characters, not 13): two of them on every item of a list
  const v = updatedAt.getTime().toString(36);
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
