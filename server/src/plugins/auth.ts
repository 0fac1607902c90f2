import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../http-error.js";
import { ReadCache } from "../db/read-cache.js";
import { findSession, SESSION_COOKIE, type SessionUser } from "../services/sessions.js";
import type { UserRow } from "../services/users.js";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyInstance {
    /** the user of a session token while it is valid (the same memory the requests use) */
    sessionUser(token: string): Promise<UserRow | null>;
  }
}

/** routes that answer without a session */
const PUBLIC_API = new Set(["POST /api/login", "GET /api/health"]);

/** a found session, or none: an unknown token is remembered too, until sessions change */
type CachedSession = { found: SessionUser | null };

/**
 * Loads the session's user on every /api request and answers 401 without one, except on the
 * public routes. Role checks are per route: `requireAdmin` as a preHandler.
 * Sessions are kept in memory until the sessions or users tables change (login, logout, a user
 * edited or deleted, from any process), so a request does not wait for the database to know who
 * is asking.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const cache = new ReadCache<CachedSession>(app.database.changes, {
    max: 10_000,
    maxSize: 64 * 1024 * 1024,
    // avatars are data URLs of up to ~2.7 MB
    sizeOf: (s) => 1024 + (s.found?.user.avatar?.length ?? 0),
    refreshAfterMs: 60_000,
  });
  const findUser = async (token: string) => {
    // keyed by the token itself: hashing it is needed only to look the session up
    const { found } = await cache.get(token, ["sessions", "users"], async () => ({
      found: await findSession(app.db, token),
    }));
    return found && found.expiresAt.getTime() > Date.now() ? found.user : null;
  };

  app.decorate("sessionUser", findUser);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request: FastifyRequest) => {
    const path = request.url.split("?")[0];
    if (!path.startsWith("/api/") && path !== "/api") return;
    const token = request.cookies[SESSION_COOKIE];
    if (token) request.user = await findUser(token);
    if (!request.user && !PUBLIC_API.has(`${request.method} ${path}`)) {
      throw new HttpError(401, "Não autenticado");
    }
  });
});

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply) {
  if (request.user?.role !== "admin") throw new HttpError(403, "Acesso negado");
}

/** a preValidation hook: 403 unless an admin asks, for the requests `applies` picks */
export const requireAdminWhen =
  (applies: (request: FastifyRequest) => boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (applies(request)) await requireAdmin(request, reply);
  };

/** the caller, for routes behind the auth hook */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new HttpError(401, "Não autenticado");
  return request.user;
}
