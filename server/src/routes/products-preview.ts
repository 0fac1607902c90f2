import { previewRequestSchema, productPreviewSchema } from "@common/schemas/products.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOGUE, OnDemandRefusal } from "../engine/handle.js";
import { badRequest, HttpError } from "../http-error.js";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";

const previewSchema = previewRequestSchema(CATALOGUE);

/** read the pasted page once so the modal fills itself. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/products/preview",
    {
      schema: { body: previewSchema, response: { 200: productPreviewSchema } },
      // each preview fetches a retailer's page for the caller: 30 a minute per user
      config: perUserPerMinute("preview", 30),
    },
    async (request) => {
      currentUser(request);
      try {
        return await app.onDemand.preview(request.body);
      } catch (error) {
        if (!(error instanceof OnDemandRefusal)) throw error;
        if (error.status === 422) throw new HttpError(422, error.message);
        throw badRequest(error.message, error.detail ? [{ path: "url", message: error.detail }] : undefined);
      }
    },
  );
};
