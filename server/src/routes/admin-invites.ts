import { messageAnswerSchema } from "@common/schemas/answers.js";
import { createdInviteSchema, createInviteSchema, inviteSchema } from "@common/schemas/invites.js";
import { idParamSchema } from "@common/schemas/users.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdmin } from "../plugins/auth.js";
import { createInvite, listPendingInvites, revokeInvite } from "../services/invites.js";

/** /api/admin/invites: the admin's one-time links for new accounts */
export const adminInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/invites", { schema: { response: { 200: z.array(inviteSchema) } } }, async () =>
    listPendingInvites(app.db),
  );

  app.post(
    "/api/admin/invites",
    { schema: { body: createInviteSchema, response: { 201: createdInviteSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createInvite(app.db, request.body, currentUser(request))),
  );

  app.delete(
    "/api/admin/invites/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await revokeInvite(app.db, request.params.id);
      return { message: "Convite revogado" };
    },
  );
};
