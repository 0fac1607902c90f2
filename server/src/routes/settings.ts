import { settingsResponseSchema, updateSettingsSchema } from "@common/schemas/settings.js";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireAdminWhen } from "../plugins/auth.js";
import { applyLogLevel } from "../services/log-level.js";
import { getGlobalSettings, readSettings, updateSettings } from "../services/settings.js";

/** before validation: a user touching an admin group learns nothing about its fields */
function touchesAdminGroup(request: FastifyRequest): boolean {
  const body = request.body as Record<string, unknown> | null;
  return !!body && typeof body === "object" && ("global" in body || "system" in body);
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // the stored level wins over the startup one as soon as the server is up
  app.addHook("onReady", async () => {
    applyLogLevel(app.log, await getGlobalSettings(app.db), app.config.logLevel);
  });

  const emailConfigured = !!app.config.smtpUrl;
  app.get("/api/settings", { schema: { response: { 200: settingsResponseSchema } } }, async (request) =>
    readSettings(app.db, currentUser(request).id, { emailConfigured }),
  );

  app.put(
    "/api/settings",
    {
      schema: { body: updateSettingsSchema, response: { 200: settingsResponseSchema } },
      preValidation: requireAdminWhen(touchesAdminGroup),
    },
    async (request) => {
      const saved = await updateSettings(app.db, currentUser(request).id, request.body, {
        allowPrivateWebhooks: app.config.allowPrivateWebhooks,
        emailConfigured,
      });
      if (request.body.global) applyLogLevel(app.log, saved.global, app.config.logLevel);
      return saved;
    },
  );
};
