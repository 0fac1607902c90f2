import {
  type BooksImportKind,
  booksImportAnswerSchema,
  booksImportRequestSchema,
  IMPORT_FILE_TOO_LARGE,
  MAX_IMPORT_FILE_BYTES,
} from "@common/schemas/books-import.js";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { importBooks } from "../services/books-import.js";

/**
 * The request's limit: the file (MAX_IMPORT_FILE_BYTES) as a JSON string, where a quote or a
 * backslash takes two bytes, plus the envelope. Fastify compares it with Content-Length before
 * reading, so a 50 MB upload is refused without being read (and a chunked one once past it).
 */
const IMPORT_BODY_LIMIT = Math.ceil(MAX_IMPORT_FILE_BYTES * 1.25) + 64 * 1024;

/** a file past the limit is a 413 saying so, whether Fastify or the check below found it */
function tooLarge(error: FastifyError): never {
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") throw new HttpError(413, IMPORT_FILE_TOO_LARGE);
  throw error;
}

/** "Importar CSV": the preview says what each row would become, the commit writes the valid ones */
export const booksImportRoutes =
  (kind: BooksImportKind, prefix: string): FastifyPluginAsyncZod =>
  async (app) => {
    // a preview reads up to 10 MB of text: a person needs a few a minute, a loop is refused
    const limit = perUserPerMinute(`books-import-${kind}`, 30);
    for (const commit of [false, true]) {
      app.post(
        commit ? `${prefix}/import` : `${prefix}/import/preview`,
        {
          bodyLimit: IMPORT_BODY_LIMIT,
          config: limit,
          errorHandler: (error, _request, _reply) => tooLarge(error as FastifyError),
          schema: { body: booksImportRequestSchema, response: { 200: booksImportAnswerSchema } },
        },
        async (request) => {
          if (Buffer.byteLength(request.body.content, "utf8") > MAX_IMPORT_FILE_BYTES) {
            throw new HttpError(413, IMPORT_FILE_TOO_LARGE);
          }
          return importBooks(app.db, currentUser(request).id, { kind, ...request.body, commit });
        },
      );
    }
  };

export const inventoryImportRoutes = booksImportRoutes("inventory", "/api/inventory");
