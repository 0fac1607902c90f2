import { dashboardStatisticsSchema } from "@common/schemas/products.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedJson } from "../plugins/cached-answers.js";
import { countTodayActivity } from "../services/activity-history.js";
import { countProductsByStatus } from "../services/products.js";
import { getUserSettings } from "../services/settings.js";

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/statistics",
    cachedJson(
      app,
      ["products", "activity_logs", "users", "user_settings", "app_settings"],
      dashboardStatisticsSchema,
      async (user) => {
        const [counts, settings] = await Promise.all([
          countProductsByStatus(app.db, user.id),
          getUserSettings(app.db, user.id),
        ]);
        return {
          inStockProducts: counts.available,
          outOfStockProducts: counts.outOfStock,
          todayActivities: await countTodayActivity(app.db, user, settings.timezone),
          totalProducts: counts.total,
        };
      },
    ),
  );
};
