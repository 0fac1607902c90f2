import {
  monitorExportQuerySchema,
  monitorImportAnswerSchema,
  monitorImportRequestSchema,
  MAX_MONITOR_FILE_CHARS,
} from "@common/schemas/monitor-transfer.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { CATALOGUE } from "../engine/handle.js";
import { currentUser } from "../plugins/auth.js";
import { sendCsv } from "../services/exports.js";
import { exportMonitors, importMonitors, monitorsCsv, monitorsJson } from "../services/monitor-transfer.js";

const today = () => new Date().toISOString().slice(0, 10);

/** the user's monitors out as a file (JSON or CSV), and a file of monitors in, previewed first */
export const monitorTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/products/export",
    { schema: { querystring: monitorExportQuerySchema } },
    async (request, reply) => {
      const monitors = await exportMonitors(app.db, currentUser(request).id);
      if (request.query.format === "csv")
        return sendCsv(reply, `monitores-${today()}.csv`, monitorsCsv(monitors));
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="monitores-${today()}.json"`)
        .header("cache-control", "no-store")
        .send(monitorsJson(monitors));
    },
  );

  app.post(
    "/api/products/import",
    {
      // the file travels as text inside JSON: its own limit plus the envelope's
      bodyLimit: MAX_MONITOR_FILE_CHARS * 4 + 1024,
      schema: { body: monitorImportRequestSchema, response: { 200: monitorImportAnswerSchema } },
    },
    async (request) => {
      const { answer, startedIds } = await importMonitors(app.db, currentUser(request).id, request.body, {
        catalogue: CATALOGUE,
        allowPrivateWebhooks: app.config.allowPrivateWebhooks,
      });
      for (const id of startedIds) app.engine.checkSoon(id);
      return answer;
    },
  );
};
