import { z } from "../zod-pt.js";

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const dataUrlPattern = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/;

/** decoded size of a base64 payload without decoding it */
function base64Bytes(b64: string): number {
  const padding = b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0;
  return Math.floor((b64.length * 3) / 4) - padding;
}

/** a data URL of png/jpeg/webp/gif up to 2 MB decoded; empty string or null clears */
export const imageDataUrlSchema = z
  .string()
  .max(3_000_000, "Imagem demasiado grande (máximo 2 MB)")
  .refine((v) => v === "" || dataUrlPattern.test(v), {
    message: "Imagem inválida: use PNG, JPEG, WebP ou GIF",
  })
  .refine((v) => v === "" || base64Bytes(v.slice(v.indexOf(",") + 1)) <= MAX_IMAGE_BYTES, {
    message: "Imagem demasiado grande (máximo 2 MB)",
  })
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();
