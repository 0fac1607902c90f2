import {
  rankingLeftOutSchema,
  rankingQuerySchema,
  rankingSchema,
  rankingVisibilitySchema,
} from "@common/schemas/ranking.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { currentUser } from "../plugins/auth.js";
import { cachedJson } from "../plugins/cached-answers.js";
import { ranking, rankingLeftOut, setRankingVisibility } from "../services/ranking.js";
import { getUserSettings } from "../services/settings.js";

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  // per viewer: the period is on their calendar (their zone), and an admin also sees the hidden
  const cached = cachedJson(
    app,
    ["users", "sales", "expenses", "inventory_items", "user_settings"],
    rankingSchema,
    async (user, request) => {
      const period = request.query as z.output<typeof rankingQuerySchema>;
      const { timezone, currency } = await getUserSettings(app.db, user.id);
      return ranking(app.db, { period, timeZone: timezone, currency, viewer: user });
    },
  );
  app.get("/api/ranking", { ...cached, schema: { ...cached.schema, querystring: rankingQuerySchema } });

  const leftOut = cachedJson(
    app,
    ["users", "sales", "user_settings"],
    rankingLeftOutSchema,
    async (user, request) => {
      const period = request.query as z.output<typeof rankingQuerySchema>;
      const { timezone, currency } = await getUserSettings(app.db, user.id);
      return rankingLeftOut(app.db, { period, timeZone: timezone, currency, viewer: user });
    },
  );
  app.get("/api/ranking/left-out", {
    ...leftOut,
    schema: { ...leftOut.schema, querystring: rankingQuerySchema },
  });

  app.put(
    "/api/ranking/visibility",
    { schema: { body: rankingVisibilitySchema, response: { 200: rankingVisibilitySchema } } },
    async (request) => setRankingVisibility(app.db, currentUser(request).id, request.body),
  );
};
