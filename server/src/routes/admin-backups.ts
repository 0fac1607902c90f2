import {
  backupEntrySchema,
  backupListSchema,
  backupNameParamSchema,
  restoreAnswerSchema,
} from "@common/schemas/backups.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin } from "../plugins/auth.js";
import { backupEntries, backupNow, restoreRunning, restoreUnavailable } from "../services/backup-restore.js";

/** Settings → Sistema, "Backups": the admin lists, makes and restores the embedded database's backups */
export const adminBackupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", requireAdmin);
  const dataDir = () => (app.database.kind === "pglite" ? app.config.dataDir : null);

  app.get("/api/admin/backups", { schema: { response: { 200: backupListSchema } } }, async () => {
    const unavailable = restoreUnavailable(app.database, dataDir());
    return { unavailable, backups: unavailable ? [] : backupEntries(app.config.dataDir) };
  });

  app.post(
    "/api/admin/backups",
    { schema: { response: { 201: backupEntrySchema } } },
    async (_request, reply) => {
      const entry = await backupNow(app.database, app.config.dataDir);
      app.log.info(`Backup criado nas Configurações: ${entry.name}`);
      return reply.status(201).send(entry);
    },
  );

  app.post(
    "/api/admin/backups/:name/restore",
    { schema: { params: backupNameParamSchema, response: { 200: restoreAnswerSchema } } },
    async (request) => {
      const { takenAt, previousKept } = await restoreRunning(app.database, dataDir(), request.params.name);
      app.log.info(
        `Backup ${request.params.name} restaurado nas Configurações (dados anteriores guardados: ${previousKept ? "sim" : "não"})`,
      );
      return {
        message: "Backup restaurado; os dados anteriores ficaram guardados no servidor",
        takenAt,
      };
    },
  );
};
