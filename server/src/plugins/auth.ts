import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-error.js";
import { findSessionUser, SESSION_COOKIE } from "../services/sessions.js";
import type { UserRow } from "../services/users.js";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
  }
}

/** routes that answer without a session */
const PUBLIC_API = new Set(["POST /api/login", "GET /api/health"]);

/**
 * Loads the session's user on every /api request and answers 401 without one, except on the
 * public routes. Role checks are per route: `requireAdmin` as a preHandler.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const path = request.url.split("?")[0];
    if (!path.startsWith("/api/") && path !== "/api") return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findSessionUser(app.db, token);
    if (!request.user && !PUBLIC_API.has(`${request.method} ${path}`)) {
      throw new HttpError(401, "Não autenticado");
    }
  });
});

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (request.user?.role !== "admin") throw new HttpError(403, "Acesso negado");
}

/** the caller, for routes behind the auth hook */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, "Não autenticado");
  return request.user;
}
