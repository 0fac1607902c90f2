import { healthAnswerSchema } from "@common/schemas/health.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth } from "../services/health-watch.js";
import { getSystemSettings } from "../services/settings.js";

/**
 * 200 "ok"; 503 "degraded" with the reasons when checks lag, stall or alerts are late; 503 "error"
 * when the database does not answer.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: healthAnswerSchema, 503: healthAnswerSchema };
  app.get("/api/health", { schema: { response } }, async (_request, reply) => {
    let detailed = true;
    try {
      detailed = (await getSystemSettings(app.db)).enableHealthCheck;
    } catch {
      // the report below names the database
    }
    // with "Monitorização de saúde" off the route only says the process answers
    if (!detailed) return { status: "ok" as const };
    const report = await checkHealth(app.db, app.engine, app.config.health);
    const status = report.database !== "ok" ? "error" : report.problems.length > 0 ? "degraded" : "ok";
    return reply.status(status === "ok" ? 200 : 503).send({
      status,
      database: report.database,
      engine: report.engine,
      reasons: report.problems,
      checkedAt: new Date().toISOString(),
    });
  });
};
