import {
  activityDtoSchema,
  activityProductsSchema,
  activityQuerySchema,
  clearActivityAnswerSchema,
} from "@common/schemas/activity.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { clearOwnActivity, listActivity, listActivityProducts } from "../services/activity-history.js";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity",
    { schema: { querystring: activityQuerySchema, response: { 200: z.array(activityDtoSchema) } } },
    async (request) => {
      const { type, ...rest } = request.query;
      return listActivity(app.db, currentUser(request), { filter: type, ...rest });
    },
  );

  app.get(
    "/api/activity/products",
    { schema: { response: { 200: activityProductsSchema } } },
    async (request) => listActivityProducts(app.db, currentUser(request)),
  );

  app.delete(
    "/api/activity",
    { schema: { response: { 200: clearActivityAnswerSchema } } },
    async (request) => {
      const deleted = await clearOwnActivity(app.db, currentUser(request).id);
      return { message: "Histórico limpo", deleted };
    },
  );
};
