import { createSaleSchema, updateSaleSchema } from "@common/schemas/sales.js";
import { idParamSchema } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { cachedJson } from "../plugins/cached-answers.js";
import { deleteSale, listSales, sellItem, updateSale } from "../services/sales.js";

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/sales",
    cachedJson(app, ["sales", "inventory_items"], (user) => listSales(app.db, user.id)),
  );

  app.post("/api/sales", { schema: { body: createSaleSchema } }, async (request, reply) => {
    const sale = await sellItem(app.db, currentUser(request).id, request.body);
    return reply.status(201).send(sale);
  });

  app.put("/api/sales/:id", { schema: { params: idParamSchema, body: updateSaleSchema } }, async (request) =>
    updateSale(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete("/api/sales/:id", { schema: { params: idParamSchema } }, async (request) => {
    await deleteSale(app.db, currentUser(request).id, request.params.id);
    return { message: "Venda removida" };
  });
};
