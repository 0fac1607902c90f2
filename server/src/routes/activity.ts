import { activityQuerySchema } from "@common/schemas/activity.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { clearOwnActivity, listActivity } from "../services/activity-history.js";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/activity", { schema: { querystring: activityQuerySchema } }, async (request) => {
    const { type, limit } = request.query;
    return listActivity(app.db, currentUser(request), type, limit);
  });

  app.delete("/api/activity", async (request) => {
    const deleted = await clearOwnActivity(app.db, currentUser(request).id);
    return { message: "Histórico limpo", deleted };
  });
};
