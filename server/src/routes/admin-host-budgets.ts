import { messageAnswerSchema } from "@common/schemas/answers.js";
import {
  hostBudgetInputSchema,
  hostBudgetListSchema,
  hostParamSchema,
} from "@common/schemas/host-budgets.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin } from "../plugins/auth.js";
import { removeHostBudget, setHostBudget } from "../services/host-budgets.js";

/**
 * Settings → Sistema, "Limites por site": each retailer host's budget, the demand its
 * active monitors make and how far their intervals stretch; the admin sets or removes a host's own.
 */
export const adminHostBudgetRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);
  // the app's one view: the products list plans each card's interval with it, so a budget saved or
  // removed here (read again at once) shows on the cards at their next reading
  const view = app.budgets;

  app.get("/api/admin/host-budgets", { schema: { response: { 200: hostBudgetListSchema } } }, async () => {
    await view.refresh(true);
    return { hosts: view.rows() };
  });

  app.put(
    "/api/admin/host-budgets/:host",
    {
      schema: {
        params: hostParamSchema,
        body: hostBudgetInputSchema,
        response: { 200: hostBudgetListSchema },
      },
    },
    async (request) => {
      await setHostBudget(app.db, request.params.host, request.body);
      await view.refresh(true);
      return { hosts: view.rows() };
    },
  );

  app.delete(
    "/api/admin/host-budgets/:host",
    { schema: { params: hostParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await removeHostBudget(app.db, request.params.host);
      await view.refresh(true);
      return { message: "Limite do site reposto" };
    },
  );
};
