import {
  globalSettingsSchema,
  type SettingsResponse,
  systemSettingsSchema,
  updateSettingsSchema,
  userSettingsSchema,
} from "@common/schemas/settings.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Conn } from "../db/client.js";
import { forbidden } from "../http-error.js";
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

  app.put("/api/settings", { schema: { body: updateSettingsSchema } }, async (request) => {
    const me = currentUser(request);
    const { global, system, user } = request.body;
    if ((global || system) && me.role !== "admin") throw forbidden("Acesso negado");

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
  });
};
