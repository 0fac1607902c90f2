import { platformListSchema } from "@common/platforms.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOGUE } from "../engine/handle.js";

/**
 * The platform catalogue for the browser: each entry as its platform's file writes it (label,
 * hosts, default interval, id rules, texts), in the modal's order. The same for every user.
 */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/platforms", { schema: { response: { 200: platformListSchema } } }, async () => [
    ...CATALOGUE.list,
  ]);
};
