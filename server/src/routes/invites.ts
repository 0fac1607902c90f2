import { publicUserSchema } from "@common/schemas/auth.js";
import { acceptInviteSchema, inviteCheckSchema, inviteTokenParamSchema } from "@common/schemas/invites.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptInvite, checkInvite } from "../services/invites.js";
import { openSession } from "./session-cookie.js";

/** /api/invites/:token: answered without a session; the token is the proof, limited per address */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const perAddress = { rateLimit: { max: app.config.loginRateLimit, timeWindow: "1 minute" } };

  app.get(
    "/api/invites/:token",
    { schema: { params: inviteTokenParamSchema, response: { 200: inviteCheckSchema } }, config: perAddress },
    async (request) => checkInvite(app.db, request.params.token),
  );

  app.post(
    "/api/invites/:token/accept",
    {
      schema: {
        params: inviteTokenParamSchema,
        body: acceptInviteSchema,
        response: { 201: publicUserSchema },
      },
      config: perAddress,
    },
    async (request, reply) => {
      const { userId, ...user } = await acceptInvite(app.db, request.params.token, request.body);
      await openSession(app, request, reply, userId);
      return reply.status(201).send(user);
    },
  );
};
