import {
  financialMetricsInputSchema,
  financialMetricsResponseSchema,
} from "@common/schemas/financial-metrics.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdmin } from "../plugins/auth.js";
import { readFinancialMetrics, saveFinancialMetrics } from "../services/financial-metrics.js";

export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);

  app.get(
    "/api/admin/financial-metrics",
    { schema: { response: { 200: financialMetricsResponseSchema } } },
    async () => readFinancialMetrics(app.db),
  );

  app.put(
    "/api/admin/financial-metrics",
    { schema: { body: financialMetricsInputSchema, response: { 200: financialMetricsResponseSchema } } },
    async (request) => saveFinancialMetrics(app.db, request.body, currentUser(request).id),
  );
};
