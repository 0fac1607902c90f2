import { rankingSchema } from "@common/schemas/ranking.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cachedJson } from "../plugins/cached-answers.js";
import { ranking } from "../services/ranking.js";

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  // the same for every user: one answer shared by all
  app.get(
    "/api/ranking",
    cachedJson(app, ["users", "sales", "expenses", "inventory_items"], rankingSchema, () => ranking(app.db), {
      shared: true,
    }),
  );
};
