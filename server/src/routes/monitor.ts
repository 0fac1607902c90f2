import { monitorSwitchAnswerSchema } from "@common/schemas/products.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { setAllActive } from "../services/products.js";

export const monitorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/monitor/start-all",
    { schema: { response: { 200: monitorSwitchAnswerSchema } } },
    async (request) => {
      const started = await setAllActive(app.db, currentUser(request).id, true);
      for (const id of started) app.engine.checkSoon(id);
      return { message: "Monitoramento iniciado", changed: started.length };
    },
  );

  app.post(
    "/api/monitor/stop-all",
    { schema: { response: { 200: monitorSwitchAnswerSchema } } },
    async (request) => {
      const stopped = await setAllActive(app.db, currentUser(request).id, false);
      return { message: "Monitoramento parado", changed: stopped.length };
    },
  );
};
