import { createHash, timingSafeEqual } from "node:crypto";
import { type HealthAnswer, healthAnswerSchema } from "@common/schemas/health.js";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkHealth, DEFAULT_HEALTH_DB_TIMEOUT_MS, withDeadline } from "../services/health-watch.js";
import { getSystemSettings } from "../services/settings.js";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** an admin's session, or `Authorization: Bearer <HEALTH_TOKEN>` when the server has one */
function maySeeDetail(request: FastifyRequest, token: string | undefined): boolean {
  if (request.user?.role === "admin") return true;
  const header = request.headers.authorization;
  if (!token || !header?.startsWith("Bearer ")) return false;
  return timingSafeEqual(digest(header.slice("Bearer ".length).trim()), digest(token));
}

/**
/**
 * 200 "ok"; 503 "degraded" when checks lag, stall, alerts are late, DATA_DIR is nearly full or the
 * database does not answer within HEALTH_DB_TIMEOUT_MS. Anyone gets only that word; the database,
 * the engine's activity and the reasons (and "error" for a database that fails) go to an admin's
 * session or the HEALTH_TOKEN bearer.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const response = { 200: healthAnswerSchema, 503: healthAnswerSchema };
  app.get("/api/health", { schema: { response } }, async (request, reply) => {
    const timeoutMs = app.config.health.dbTimeoutMs ?? DEFAULT_HEALTH_DB_TIMEOUT_MS;
    let detailed = true;
    try {
      const settings = await withDeadline(getSystemSettings(app.db), timeoutMs, () => new Error("late"));
      detailed = settings.enableHealthCheck;
    } catch {
      // the report below names the database
    }
    // with "Monitorização de saúde" off the route only says the process answers
    if (!detailed) return { status: "ok" as const };
    const disk =
      app.database.kind === "pglite" ? { dataDir: app.config.dataDir, floors: app.config.disk } : undefined;
    const report = await checkHealth(app.db, app.engine, app.config.health, disk);
    const status: HealthAnswer["status"] =
      report.database !== "ok" ? "error" : report.problems.length > 0 ? "degraded" : "ok";
    reply.status(status === "ok" ? 200 : 503);
    if (!maySeeDetail(request, app.config.healthToken)) {
      const brief: HealthAnswer = { status: status === "ok" ? "ok" : "degraded" };
      return brief;
    }
    return {
      status,
      database: report.database,
      engine: report.engine,
      reasons: report.problems,
      monitors: report.monitors,
      checkedAt: new Date().toISOString(),
    };
  });
};
