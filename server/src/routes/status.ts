import { type Period, periodQuerySchema } from "@common/schemas/period.js";
import { statusStatisticsSchema } from "@common/schemas/statistics.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedJson } from "../plugins/cached-answers.js";
import { getUserSettings } from "../services/settings.js";
import { statusStatistics } from "../services/statistics.js";

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  // ?period=&from=&to=: the books' period on the user's calendar (all time by default)
  const cached = cachedJson(
    app,
    ["sales", "expenses", "inventory_items", "activity_logs", "users", "user_settings", "app_settings"],
    statusStatisticsSchema,
    async (user, request) => {
      return statusStatistics(app.db, user, await getUserSettings(app.db, user.id), request.query as Period);
    },
  );
  app.get("/api/status/statistics", {
    ...cached,
    schema: { ...cached.schema, querystring: periodQuerySchema },
  });
};
