import { messageAnswerSchema } from "@common/schemas/answers.js";
import {
  changePasswordSchema,
  publicUserSchema,
  sessionIdParamSchema,
  sessionInfoSchema,
} from "@common/schemas/auth.js";
import { z } from "@common/zod-pt.js";
import { type MonitorStats, monitorStatsSchema } from "@common/schemas/products.js";
import { updateProfileSchema } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { countProducts } from "../services/products.js";
import { deleteOtherSessions, endOwnSession, listOwnSessions, SESSION_COOKIE } from "../services/sessions.js";
import { changeOwnPassword, toPublicUser, updateOwnProfile } from "../services/users.js";

/** /api/user: the signed-in user's own account, profile and monitor allowance */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/user", { schema: { response: { 200: publicUserSchema } } }, async (request) =>
    toPublicUser(currentUser(request)),
  );

  app.put(
    "/api/user/profile",
    { schema: { body: updateProfileSchema, response: { 200: publicUserSchema } } },
    async (request) => updateOwnProfile(app.db, currentUser(request).id, request.body),
  );

  app.put(
    "/api/user/password",
    // the current password is a guess to be limited like a login's
    {
      schema: { body: changePasswordSchema, response: { 200: messageAnswerSchema } },
      config: perUserPerMinute("password", 10),
    },
    async (request) => {
      await changeOwnPassword(app.db, currentUser(request), request.body, request.cookies[SESSION_COOKIE]);
      return { message: "Password alterada. As outras sessões foram terminadas." };
    },
  );

  app.get(
    "/api/user/sessions",
    { schema: { response: { 200: z.array(sessionInfoSchema) } } },
    async (request) => listOwnSessions(app.db, currentUser(request).id, request.cookies[SESSION_COOKIE]),
  );

  app.delete(
    "/api/user/sessions/:id",
    { schema: { params: sessionIdParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await endOwnSession(app.db, currentUser(request).id, request.params.id);
      return { message: "Sessão terminada" };
    },
  );

  app.post(
    "/api/user/sessions/end-others",
    { schema: { response: { 200: z.object({ ended: z.number() }) } } },
    async (request) => ({
      ended: await deleteOtherSessions(app.db, currentUser(request).id, request.cookies[SESSION_COOKIE]),
    }),
  );

  app.get(
    "/api/user/monitor-stats",
    { schema: { response: { 200: monitorStatsSchema } } },
    async (request): Promise<MonitorStats> => {
      const user = currentUser(request);
      const { total, active } = await countProducts(app.db, user.id);
      return {
        currentCount: total,
        limit: user.monitorLimit,
        canCreateMore: total < user.monitorLimit,
        activeMonitors: active,
        maxMonitors: user.monitorLimit,
      };
    },
  );
};
