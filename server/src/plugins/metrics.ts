import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-error.js";
import { metricsContentType, observeRequest, renderMetrics, useMetrics } from "../services/metrics-http.js";
import { getSystemSettings } from "../services/settings.js";

/**
 * HTTP request metrics for every response, and GET /metrics for Prometheus scrapers. Scrapers
 * carry no session, so /metrics sits outside /api and needs none; it exists only while the admin
 * has "Métricas" on (404 otherwise, like any unknown path).
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  useMetrics({ db: app.db, engine: app.engine });

  app.addHook("onResponse", async (request, reply) => {
    // the route pattern, not the raw URL, so ids and junk paths do not explode the label set
    const route = request.routeOptions.url ?? "unmatched";
    observeRequest(
      { method: request.method, route, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", async (_request, reply) => {
    const { enableMetrics } = await getSystemSettings(app.db);
    if (!enableMetrics) throw new HttpError(404, "Rota não encontrada");
    return reply.type(metricsContentType).send(await renderMetrics());
  });
});
