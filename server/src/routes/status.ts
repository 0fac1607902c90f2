import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { getUserSettings } from "../services/settings.js";
import { statusStatistics } from "../services/statistics.js";

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/status/statistics", async (request) => {
    const user = currentUser(request);
    const { timezone } = await getUserSettings(app.db, user.id);
    return statusStatistics(app.db, user, timezone);
  });
};
