import { publicUserSchema } from "@common/schemas/auth.js";
import { type MonitorStats, monitorStatsSchema } from "@common/schemas/products.js";
import { updateProfileSchema } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { countProducts } from "../services/products.js";
import { toPublicUser, updateOwnProfile } from "../services/users.js";

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
