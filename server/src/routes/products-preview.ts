import { setMaxListeners } from "node:events";
import { type ProductPreview, productPreviewSchema } from "@common/schemas/products.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FAILURE_LABELS } from "../engine/detect.js";
import { EngineHttp } from "../engine/fetch/http-client.js";
import { runAdapter } from "../engine/check-runner.js";
import { CATALOGUE, getPlatform } from "../engine/platforms/index.js";
import { CheckFailure, RefusedAddress } from "../engine/platforms/types.js";
import { badRequest, HttpError } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";

const previewSchema = z
  .object({
    platform: z.string().refine((key) => CATALOGUE.has(key), "Plataforma inválida"),
    url: z.string().trim().url("URL inválido").max(2000, "URL demasiado longo"),
    /** the product's configuration (JSON text), when the form has one: Levi's stockUrl */
    config: z.string().max(10_000, "Configuração demasiado longa").nullable().optional(),
  })
  .superRefine((p, ctx) => {
    const configProblem = CATALOGUE.configUrlProblem(p.platform, p.config);
    if (configProblem) ctx.addIssue({ code: "custom", path: ["config"], message: configProblem });
    const urlProblem = CATALOGUE.urlProblem(p.platform, p.url);
    if (urlProblem) ctx.addIssue({ code: "custom", path: ["url"], message: urlProblem });
  });

const configObject = (text: string | null | undefined): Record<string, unknown> => {
  try {
    const value = text ? JSON.parse(text) : {};
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
};

/** read the pasted page once so the modal fills itself. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeoutMs = app.config.previewTimeoutMs;
  const http = new EngineHttp({
    redirects: app.config.monitorRedirect,
    proxies: app.config.monitorProxies,
    defaultTimeoutMs: timeoutMs,
  });
  // closing the server does not wait on a slow retailer: previews under way end as timeouts
  const closing = new AbortController();
  setMaxListeners(0, closing.signal); // one listener per preview under way
  app.addHook("preClose", async () => {
    closing.abort();
  });
  app.addHook("onClose", () => http.destroy());

  app.post(
    "/api/products/preview",
    {
      schema: { body: previewSchema, response: { 200: productPreviewSchema } },
      // each preview fetches a retailer's page for the caller: 30 a minute per user
      config: perUserPerMinute("preview", 30),
    },
    async (request) => {
      currentUser(request);
      const { platform, url } = request.body;
      const platformModule = getPlatform(platform);
      if (!platformModule) throw badRequest("Plataforma inválida");
      // the URL is on the platform's hosts (previewSchema), so this is the id the product form reads
      const productId = platformModule.idFromUrl(url);
      const result = await runAdapter(
        http,
        platformModule,
        platform,
        {
          url,
          productId: productId ?? "",
          config: configObject(request.body.config),
          variants: [],
        },
        { deadline: Date.now() + timeoutMs, signal: closing.signal, reportBlocks: false },
      );
      if (result instanceof CheckFailure) {
        if (result instanceof RefusedAddress) {
          throw badRequest("Endereço privado ou local não permitido", [
            { path: "url", message: result.message },
          ]);
        }
        throw new HttpError(
          422,
          `Não foi possível ler a página (${FAILURE_LABELS[result.reason]}): ${result.message}`,
        );
      }
      const preview: ProductPreview = {
        name: result.name ?? null,
        productId,
        imageUrl: result.imageUrl ?? null,
        price: result.kind === "product" ? result.price : null,
        currency: result.kind === "product" ? (result.currency ?? null) : null,
        sizes: result.kind === "product" ? (result.allSizes?.map((s) => s.name) ?? result.sizes) : [],
        status: result.status,
      };
      return preview;
    },
  );
};
