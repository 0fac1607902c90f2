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
