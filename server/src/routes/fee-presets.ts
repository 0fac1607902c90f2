import {
  feePresetSchema,
  feePresetsQuerySchema,
  feePresetsSchema,
  saveFeePresetSchema,
} from "@common/schemas/fee-presets.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { listFeePresets, saveFeePreset } from "../services/fee-presets.js";
import { getUserSettings } from "../services/settings.js";

export const feePresetRoutes: FastifyPluginAsyncZod = async (app) => {
  // not a cached answer: the first read copies the defaults into the user's presets
  app.get(
    "/api/fee-presets",
    { schema: { querystring: feePresetsQuerySchema, response: { 200: feePresetsSchema } } },
    async (request) => listFeePresets(app.db, currentUser(request).id, request.query.on),
  );

  app.post(
    "/api/fee-presets",
    { schema: { body: saveFeePresetSchema, response: { 201: feePresetSchema } } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { timezone } = await getUserSettings(app.db, userId);
      return reply.status(201).send(await saveFeePreset(app.db, userId, request.body, timezone));
    },
  );
};
