import { checkDetailSchema } from "@common/schemas/check-detail.js";
import { idParamSchema } from "@common/schemas/users.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { findOwnProduct, ownCheckDetail, saveCheckDetail } from "../services/products.js";

/**
 * "Testar agora": one check of a product at once, through the engine's check runner, answered
 * with what it read. It neither changes the product's status nor sends alerts (the scheduler's
 * checks do); it keeps the detail as the product's last one. See docs/decisions.md.
 */
export const productCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/products/:id/test",
    {
      schema: { params: idParamSchema, response: { 200: checkDetailSchema } },
      // each test fetches a retailer's page for the caller: 10 a minute per user
      config: perUserPerMinute("product-test", 10),
    },
    async (request) => {
      const user = currentUser(request);
      const product = await findOwnProduct(app.db, user.id, request.params.id);
      const detail = await app.onDemand.testProduct(product);
      await saveCheckDetail(app.db, user.id, product.id, detail);
      return detail;
    },
  );

  app.get(
    "/api/products/:id/check",
    {
      schema: {
        params: idParamSchema,
        response: { 200: z.object({ detail: checkDetailSchema.nullable() }) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { detail: await ownCheckDetail(app.db, user.id, request.params.id) };
    },
  );
};
