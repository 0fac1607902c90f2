import { messageAnswerSchema } from "@common/schemas/answers.js";
import { priceHistorySchema } from "@common/schemas/price-history.js";
import { productDtoSchema, productInputSchema } from "@common/schemas/products.js";
import { z } from "@common/zod-pt.js";
import { idParamSchema } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOGUE, monitorInterval } from "../engine/handle.js";
import { currentUser } from "../plugins/auth.js";
import { cachedJson } from "../plugins/cached-answers.js";
import { ownPriceHistory, priceSummaries } from "../services/price-history.js";
import {
  assertSafeProductUrl,
  createProduct,
  deleteProduct,
  listProducts,
  toggleProduct,
  toProductDto,
  updateProduct,
} from "../services/products.js";
import { assertSafeWebhook } from "../services/webhook-url.js";

const productBodySchema = productInputSchema(CATALOGUE);

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products",
    cachedJson(app, ["products"], z.array(productDtoSchema), async (user) => {
      const [list, prices] = await Promise.all([
        listProducts(app.db, user.id),
        priceSummaries(app.db, user.id),
        app.budgets.refresh(),
      ]);
      return list.map((p) => toProductDto(p, monitorInterval(app.budgets, p), prices.get(p.id) ?? null));
    }),
  );

  app.post(
    "/api/products",
    { schema: { body: productBodySchema, response: { 201: productDtoSchema } } },
    async (request, reply) => {
      const user = currentUser(request);
      assertSafeProductUrl(request.body.url);
      if (request.body.webhookUrl)
        await assertSafeWebhook(request.body.webhookUrl, app.config.allowPrivateWebhooks);
      const product = await createProduct(app.db, user.id, request.body);
      if (product.isActive) app.engine.checkSoon(product.id);
      return reply.status(201).send(toProductDto(product));
    },
  );

  app.put(
    "/api/products/:id",
    { schema: { params: idParamSchema, body: productBodySchema, response: { 200: productDtoSchema } } },
    async (request) => {
      const user = currentUser(request);
      assertSafeProductUrl(request.body.url);
      if (request.body.webhookUrl)
        await assertSafeWebhook(request.body.webhookUrl, app.config.allowPrivateWebhooks);
      const { product, checkNow } = await updateProduct(app.db, user.id, request.params.id, request.body);
      if (checkNow) app.engine.checkSoon(product.id);
      return toProductDto(product);
    },
  );

  app.delete(
    "/api/products/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await deleteProduct(app.db, currentUser(request).id, request.params.id);
      return { message: "Produto removido" };
    },
  );

  app.get(
    "/api/products/:id/price-history",
    { schema: { params: idParamSchema, response: { 200: priceHistorySchema } } },
    (request) => ownPriceHistory(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    "/api/products/:id/toggle",
    { schema: { params: idParamSchema, response: { 200: productDtoSchema } } },
    async (request) => {
      const product = await toggleProduct(app.db, currentUser(request).id, request.params.id);
      if (product.isActive) app.engine.checkSoon(product.id);
      return toProductDto(product);
    },
  );
};
