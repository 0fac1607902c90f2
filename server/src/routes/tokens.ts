import { apiTokenSchema, createApiTokenSchema, createdApiTokenSchema } from "@common/schemas/api-tokens.js";
import { messageAnswerSchema } from "@common/schemas/answers.js";
import { idParamSchema } from "@common/schemas/users.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { createApiToken, listApiTokens, revokeApiToken } from "../services/api-tokens.js";

/** Settings → API: a user's personal tokens (a token itself may not manage tokens) */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/tokens", { schema: { response: { 200: z.array(apiTokenSchema) } } }, async (request) =>
    listApiTokens(app.db, currentUser(request).id),
  );

  app.post(
    "/api/tokens",
    { schema: { body: createApiTokenSchema, response: { 201: createdApiTokenSchema } } },
    async (request, reply) => {
      const created = await createApiToken(app.db, currentUser(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tokens/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await revokeApiToken(app.db, currentUser(request).id, request.params.id);
      return { message: "Token revogado" };
    },
  );
};
