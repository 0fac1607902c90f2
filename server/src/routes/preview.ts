import { isPlatformKey, PLATFORMS, urlBelongsToPlatform } from "@common/platforms.js";
import type { ProductPreview } from "@common/schemas/products.js";
import { z } from "@common/zod-pt.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FAILURE_LABELS } from "../engine/detect.js";
import { EngineHttp } from "../engine/fetch/http-client.js";
import { getAdapter } from "../engine/platforms/index.js";
import { CheckFailure } from "../engine/platforms/types.js";
import { productCodeFromUrl } from "../engine/product-code.js";
import { badRequest, HttpError } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";

const previewSchema = z
  .object({
    platform: z.string().refine(isPlatformKey, "Plataforma inválida"),
    url: z.string().trim().url("URL inválido").max(2000, "URL demasiado longo"),
  })
  .superRefine((p, ctx) => {
    if (isPlatformKey(p.platform) && !urlBelongsToPlatform(p.url, p.platform)) {
      const hosts = PLATFORMS[p.platform].hosts.join(", ");
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: `O URL não pertence à plataforma ${PLATFORMS[p.platform].label} (${hosts})`,
      });
    }
  });

/** DECISIONS §4: read the pasted page once so the modal fills itself. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  const http = new EngineHttp({
    redirects: app.config.monitorRedirect,
    proxies: app.config.monitorProxies,
    defaultTimeoutMs: 10_000,
  });
  app.addHook("onClose", () => http.close());

  app.post(
    "/api/products/preview",
    {
      schema: { body: previewSchema },
      // each preview fetches a retailer's page for the caller: 30 a minute per user
      config: {
        rateLimit: { max: 30, timeWindow: "1 minute", keyGenerator: (r) => `preview:${r.user?.id ?? r.ip}` },
      },
    },
    async (request) => {
      currentUser(request);
      const { platform, url } = request.body;
      const adapter = getAdapter(platform);
      if (!adapter) throw badRequest("Plataforma inválida");
      try {
        const result = await adapter.check({
          http: http.forPlatform(platform),
          product: { url, productId: "", config: {}, variants: [] },
        });
        const preview: ProductPreview & { status: string } = {
          name: result.name ?? null,
          productId: productCodeFromUrl(platform, url),
          imageUrl: result.imageUrl ?? null,
          price: result.kind === "product" ? result.price : null,
          sizes: result.kind === "product" ? (result.allSizes?.map((s) => s.name) ?? result.sizes) : [],
          status: result.status,
        };
        return preview;
      } catch (error) {
        if (!(error instanceof CheckFailure)) throw error;
        if (error.message.startsWith("Pedido recusado")) {
          throw badRequest("Endereço privado ou local não permitido", [
            { path: "url", message: error.message },
          ]);
        }
        throw new HttpError(
          422,
          `Não foi possível ler a página (${FAILURE_LABELS[error.reason]}): ${error.message}`,
        );
      }
    },
  );
};
