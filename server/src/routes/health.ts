import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    let database = "ok";
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      database = "error";
    }
    const engine = app.engine.health();
    const ok = database === "ok";
    return reply.status(ok ? 200 : 503).send({ status: ok ? "ok" : "error", database, engine });
  });
};
