import type { DashboardStatistics } from "@common/schemas/products.js";
import { isAvailableStatus } from "@common/status.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedJson } from "../plugins/cached-answers.js";
import { countTodayActivity } from "../services/activity-history.js";
import { listProducts } from "../services/products.js";
import { getUserSettings } from "../services/settings.js";

export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/statistics",
    cachedJson(
      app,
      ["products", "activity_logs", "users", "user_settings", "app_settings"],
      async (user): Promise<DashboardStatistics> => {
        const [products, settings] = await Promise.all([
          listProducts(app.db, user.id),
          getUserSettings(app.db, user.id),
        ]);
        return {
          inStockProducts: products.filter((p) => isAvailableStatus(p.status)).length,
          outOfStockProducts: products.filter((p) => p.status === "out_of_stock").length,
          todayActivities: await countTodayActivity(app.db, user, settings.timezone),
          totalProducts: products.length,
        };
      },
    ),
  );
};
