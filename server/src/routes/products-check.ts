import { checkDetailSchema } from "@common/schemas/check-detail.js";
import { idParamSchema } from "@common/schemas/users.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { buildCheckDetail, newCheckLog } from "../engine/check-detail.js";
import { checkLogOf, createCheckRunner } from "../engine/check-runner.js";
import { EngineHttp } from "../engine/fetch/http-client.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { findOwnProduct, ownCheckDetail, saveCheckDetail } from "../services/products.js";

/**
 * "Testar agora": one check of a product at once, through the engine's check runner, answered
 * with what it read. It neither changes the product's status nor sends alerts (the scheduler's
 * checks do); it keeps the detail as the product's last one. See docs/decisions.md (issue 12).
 */
export const productCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const http = new EngineHttp({
    redirects: app.config.monitorRedirect,
    proxies: app.config.monitorProxies,
    defaultTimeoutMs: app.config.checkTimeoutMs,
  });
  app.addHook("onClose", () => http.close());
  const runCheck = createCheckRunner(http);

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
      const outcome = await runCheck(
        {
          platform: product.platform,
          url: product.url,
          productCode: product.productId,
          config: product.config,
          variants: product.variants,
        },
        { deadline: Date.now() + app.config.checkTimeoutMs },
      );
      const log = checkLogOf(outcome) ?? newCheckLog();
      const detail = buildCheckDetail(outcome, log, "test");
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
