import type { FastifyInstance } from "fastify";
import { adminUserRoutes } from "./admin-users.js";
import { authRoutes } from "./auth.js";
import { healthRoutes } from "./health.js";

/** every API route module, registered once; a new resource adds one line here */
export async function registerRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(adminUserRoutes);
}
