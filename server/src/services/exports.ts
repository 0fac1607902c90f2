import { CSV_MIME } from "@common/csv.js";
import { createFormatter, type Formatter } from "@common/format.js";
import type { FastifyReply } from "fastify";
import type { Conn } from "../db/client.js";
import { getUserSettings } from "./settings.js";

/** the user's language, time zone and books currency, as their screens write figures */
export async function userFormatter(db: Conn, userId: number): Promise<Formatter> {
  return createFormatter(await getUserSettings(db, userId));
}

/** a CSV file as a download; never cached (it is the user's books) */
export function sendCsv(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .type(CSV_MIME)
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .send(text);
}

/**
 * A stored photo (an item's, a receipt): its URL carries the photo's version, so a browser may keep
 * it for good; private, because it is one user's
 */
export function sendPhoto(reply: FastifyReply, photo: { mime: string; body: Buffer; updatedAt: Date }) {
  return reply
    .type(photo.mime)
    .header("cache-control", "private, max-age=31536000, immutable")
    .header("last-modified", photo.updatedAt.toUTCString())
    .send(photo.body);
}
