import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getSystemSettings } from "../services/settings.js";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    let database = "ok";
    let detailed = true;
    try {
      await app.db.execute(sql`select 1`);
      detailed = (await getSystemSettings(app.db)).enableHealthCheck;
    } catch {
      database = "error";
    }
    // with "Monitorização de saúde" off the route only says the process answers
    if (!detailed) return { status: "ok" };
    const engine = app.engine.health();
    const ok = database === "ok";
    return reply
      .status(ok ? 200 : 503)
      .send({ status: ok ? "ok" : "error", database, engine, checkedAt: new Date().toISOString() });
  });
};
