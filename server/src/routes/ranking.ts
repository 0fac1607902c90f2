import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { ranking } from "../services/ranking.js";

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/ranking", async (request) => {
    currentUser(request);
    return ranking(app.db);
  });
};
