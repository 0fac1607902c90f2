import {
  financialMetricsInputSchema,
  financialMetricsResponseSchema,
} from "@common/schemas/financial-metrics.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdmin } from "../plugins/auth.js";
import { readFinancialMetrics, saveFinancialMetrics } from "../services/financial-metrics.js";
import { getUserSettings } from "../services/settings.js";

export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);

  app.get(
    "/api/admin/financial-metrics",
    { schema: { response: { 200: financialMetricsResponseSchema } } },
    async (request) => {
      // the live totals add the sales in the admin's own books currency
      const { currency } = await getUserSettings(app.db, currentUser(request).id);
      return readFinancialMetrics(app.db, currency);
    },
  );

  app.put(
    "/api/admin/financial-metrics",
    { schema: { body: financialMetricsInputSchema, response: { 200: financialMetricsResponseSchema } } },
    async (request) => {
      const admin = currentUser(request).id;
      const { currency } = await getUserSettings(app.db, admin);
      return saveFinancialMetrics(app.db, request.body, admin, currency);
    },
  );
};
