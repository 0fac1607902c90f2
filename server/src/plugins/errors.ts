import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isDatabaseUnavailable, isDiskFull } from "../db/unavailable.js";
import { type FieldError, HttpError } from "../http-error.js";

export const DISK_FULL_MESSAGE =
  "Sem espaço em disco no servidor: a alteração não foi guardada. Avise o administrador.";
export const DATABASE_UNAVAILABLE_MESSAGE =
  "A base de dados não respondeu a tempo. Tente novamente dentro de momentos.";

/** Fastify's own client errors, in Portuguese */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "JSON inválido no corpo do pedido",
  FST_ERR_CTP_EMPTY_JSON_BODY: "Corpo do pedido vazio",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Tipo de conteúdo não suportado: envie JSON",
  FST_ERR_CTP_BODY_TOO_LARGE: "Pedido demasiado grande",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Tamanho do pedido inválido",
  FST_ERR_BAD_URL: "Endereço inválido",
};

/** One error handler: the real message below 500, a generic one above. Body: {message, errors}. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldError[] = error.validation.map((v) => ({
        path: String(v.instancePath ?? "")
          .replace(/^\//, "")
          .replaceAll("/", "."),
        message: v.message ?? "Valor inválido",
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? "Dados inválidos", errors });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, errors: error.errors });
    }
    // the server's trouble, said plainly and without the statement (its parameters may be a photo)
    if (isDiskFull(error)) {
      request.log.warn(`Sem espaço em disco: ${request.method} ${request.url} recusado`);
      return reply.status(507).send({ message: DISK_FULL_MESSAGE, errors: [] });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        `Base de dados sem resposta: ${request.method} ${request.url} (${error.message.slice(0, 200)})`,
      );
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE, errors: [] });
    }
    // a value the database cannot hold (numeric overflow, bad text encoding) is the client's error
    const pgCode = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (typeof pgCode === "string" && /^22\w{3}$/.test(pgCode)) {
      return reply.status(400).send({ message: "Valor fora do intervalo permitido", errors: [] });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: "Demasiadas tentativas. Tente novamente mais tarde.", errors: [] });
    }
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? "Pedido inválido";
      return reply.status(status).send({ message, errors: [] });
    }
    request.log.error({ err: error }, "Erro não tratado");
    return reply.status(500).send({ message: "Erro interno do servidor", errors: [] });
  });
});
