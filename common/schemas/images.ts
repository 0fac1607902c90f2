import { z } from "../zod-pt.js";

const MB = 1024 * 1024;
/** an avatar is shown small; the browser shrinks it before sending */
export const MAX_AVATAR_BYTES = 2 * MB;
/** an inventory photo as a phone takes it (4032 × 3024 JPEG, ~6 MB) is accepted whole */
export const MAX_PHOTO_BYTES = 15 * MB;
/** the longest side of a stored photo: the browser and the server both shrink to it */
export const PHOTO_LONG_SIDE = 2048;
/** the longest side an avatar is shrunk to in the browser */
export const AVATAR_LONG_SIDE = 512;

const dataUrlPattern = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

/** decoded size of a base64 payload without decoding it */
function base64Bytes(b64: string): number {
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** a data URL of png/jpeg/webp/gif up to `maxBytes` decoded; empty string or null clears */
function imageDataUrl(maxBytes: number) {
  const tooLarge = `Imagem demasiado grande (máximo ${maxBytes / MB} MB)`;
  return z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4 + 64, tooLarge)
    .refine((v) => v === "" || dataUrlPattern.test(v), {
      message: "Imagem inválida: use PNG, JPEG, WebP ou GIF",
    })
    .refine((v) => v === "" || base64Bytes(v.slice(v.indexOf(",") + 1)) <= maxBytes, {
      message: tooLarge,
    })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();
}

export const avatarDataUrlSchema = imageDataUrl(MAX_AVATAR_BYTES);
export const photoDataUrlSchema = imageDataUrl(MAX_PHOTO_BYTES);
