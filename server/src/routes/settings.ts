import {
  globalSettingsSchema,
  type SettingsResponse,
  systemSettingsSchema,
  updateSettingsSchema,
  userSettingsSchema,
} from "@common/schemas/settings.js";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Conn } from "../db/client.js";
import { badRequest, forbidden } from "../http-error.js";
import { checkUrlShape, UnsafeUrlError } from "../net/address-guard.js";
import { currentUser } from "../plugins/auth.js";
import { applyLogLevel } from "../services/log-level.js";
import {
  getGlobalSettings,
  getSystemSettings,
  getUserSettings,
  saveAppSettings,
  saveUserSettings,
} from "../services/settings.js";

/** one query after another: a transaction's connection runs a single query at a time */
async function readAll(db: Conn, userId: number): Promise<SettingsResponse> {
  const global = await getGlobalSettings(db);
  const system = await getSystemSettings(db);
  const user = await getUserSettings(db, userId);
  return { global, system, user };
}

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // the stored level wins over the startup one as soon as the server is up
  app.addHook("onReady", async () => {
    applyLogLevel(app.log, await getGlobalSettings(app.db), app.config.logLevel);
  });

  app.get("/api/settings", async (request) => readAll(app.db, currentUser(request).id));

  const adminGroupsNeedAdmin = async (request: FastifyRequest) => {
    // before validation: a user touching an admin group learns nothing about its fields
    const body = request.body as Record<string, unknown> | null;
    const touchesAdminGroup = body && typeof body === "object" && ("global" in body || "system" in body);
    if (touchesAdminGroup && currentUser(request).role !== "admin") throw forbidden("Acesso negado");
  };

  app.put(
    "/api/settings",
    { schema: { body: updateSettingsSchema }, preValidation: adminGroupsNeedAdmin },
    async (request) => {
      const me = currentUser(request);
      const { global, system, user } = request.body;
      if (global?.defaultWebhookUrl && !app.config.allowPrivateWebhooks) {
        try {
          checkUrlShape(global.defaultWebhookUrl, { httpsOnly: true });
        } catch (error) {
          if (!(error instanceof UnsafeUrlError)) throw error;
          throw badRequest(`Webhook: ${error.message}`, [
            { path: "global.defaultWebhookUrl", message: error.message },
          ]);
        }
      }

      const saved = await app.db.transaction(async (tx) => {
        // partial groups are merged over what is stored, then checked whole
        if (global) {
          const merged = globalSettingsSchema.parse({ ...(await getGlobalSettings(tx)), ...global });
          await saveAppSettings(tx, "global", merged);
        }
        if (system) {
          const merged = systemSettingsSchema.parse({ ...(await getSystemSettings(tx)), ...system });
          await saveAppSettings(tx, "system", merged);
        }
        if (user) {
          const merged = userSettingsSchema.parse({ ...(await getUserSettings(tx, me.id)), ...user });
          await saveUserSettings(tx, me.id, merged);
        }
        return readAll(tx, me.id);
      });

      if (global) applyLogLevel(app.log, saved.global, app.config.logLevel);
      return saved;
    },
  );
};
