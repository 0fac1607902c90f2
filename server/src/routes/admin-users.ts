import {
  createUserSchema,
  idParamSchema,
  resetPasswordAnswerSchema,
  updateUserSchema,
} from "@common/schemas/users.js";
import { messageAnswerSchema } from "@common/schemas/answers.js";
import { publicUserSchema } from "@common/schemas/auth.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdmin } from "../plugins/auth.js";
import { SESSION_COOKIE } from "../services/sessions.js";
import { removeTwoFactorOf } from "../services/two-factor.js";
import { createUser, deleteUser, listUsers, resetPassword, updateUser } from "../services/users.js";

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/users", { schema: { response: { 200: z.array(publicUserSchema) } } }, async () =>
    listUsers(app.db),
  );

  app.post(
    "/api/admin/users",
    { schema: { body: createUserSchema, response: { 201: publicUserSchema } } },
    async (request, reply) => reply.status(201).send(await createUser(app.db, request.body)),
  );

  app.put(
    "/api/admin/users/:id",
    { schema: { params: idParamSchema, body: updateUserSchema, response: { 200: publicUserSchema } } },
    async (request) =>
      updateUser(app.db, request.params.id, request.body, {
        id: currentUser(request).id,
        session: request.cookies[SESSION_COOKIE],
      }),
  );

  app.post(
    "/api/admin/users/:id/reset-password",
    { schema: { params: idParamSchema, response: { 200: resetPasswordAnswerSchema } } },
    async (request) =>
      resetPassword(app.db, request.params.id, {
        id: currentUser(request).id,
        session: request.cookies[SESSION_COOKIE],
      }),
  );

  // a user who lost the phone and the recovery codes signs in with the password alone again
  app.delete(
    "/api/admin/users/:id/two-factor",
    { schema: { params: idParamSchema, response: { 200: publicUserSchema } } },
    async (request) => removeTwoFactorOf(app.db, request.params.id),
  );

  app.delete(
    "/api/admin/users/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await deleteUser(app.db, request.params.id, currentUser(request).id);
      return { message: "Utilizador eliminado" };
    },
  );
};
