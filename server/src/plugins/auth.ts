import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { HttpError } from "../http-error.js";
import { ReadCache } from "../db/read-cache.js";
import {
  findSession,
  SESSION_COOKIE,
  SESSION_TOUCH_EVERY_MS,
  type SessionUser,
  touchSession,
} from "../services/sessions.js";
import type { UserRow } from "../services/users.js";
import { getGlobalSettings } from "../services/settings.js";
import { mustEnrolTwoFactor } from "@common/schemas/two-factor.js";
import { findApiToken, type TokenCaller, tokenRefusal, touchApiToken } from "../services/api-tokens.js";
import { routedPath } from "./routed-path.js";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    /** set when the caller came with `Authorization: Bearer` (a personal API token), not a session */
    apiToken: TokenCaller["token"] | null;
  }
  interface FastifyInstance {
    /** the user of a session token while it is valid (the same memory the requests use) */
    sessionUser(token: string): Promise<UserRow | null>;
  }
}

/** requests a minute one personal API token may make */
export const TOKEN_REQUESTS_PER_MINUTE = 120;

/** routes that answer without a session */
const PUBLIC_API = new Set(["POST /api/login", "POST /api/login/two-factor", "GET /api/health"]);
/** an invite link's check and acceptance: the link's token is the proof */
const PUBLIC_INVITE = /^(GET \/api\/invites\/[^/]+|POST \/api\/invites\/[^/]+\/accept)$/;
const isPublicRoute = (route: string) => PUBLIC_API.has(route) || PUBLIC_INVITE.test(route);

/**
 * What an admin who must enrol in 2FA may still do: who they are, the frame's reads (their own
 * settings, the platforms), the enrolment itself and leaving.
 */
const ENROLMENT_API = new Set([
  "GET /api/user",
  "GET /api/settings",
  "GET /api/platforms",
  "POST /api/logout",
]);
const ENROLMENT_TWO_FACTOR = /^(GET|POST) \/api\/user\/two-factor(\/[a-z-]+)?$/;
const isEnrolmentRoute = (route: string) => ENROLMENT_API.has(route) || ENROLMENT_TWO_FACTOR.test(route);
export const ENROL_FIRST =
  "Os administradores têm de usar a verificação em dois passos. Ative-a no Perfil para continuar.";

/** a found session, or none: an unknown token is remembered too, until sessions change */
type CachedSession = { found: SessionUser | null };

/**
 * Loads the session's user on every /api request and answers 401 without one, except on the
 * public routes. Role checks are per route: `requireAdmin` as a preValidation hook (after the body
 * is parsed, before it is validated: a user on an admin route gets 403, not the body's 400).
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
  const findLive = async (token: string) => {
    // keyed by the token itself: hashing it is needed only to look the session up
    const { found } = await cache.get(token, ["sessions", "users"], async () => ({
      found: await findSession(app.db, token),
    }));
    return found && found.expiresAt.getTime() > Date.now() ? found : null;
  };
  const findUser = async (token: string) => (await findLive(token))?.user ?? null;

  /** when this process last wrote each session's "last seen" (the cached row keeps the old one) */
  const touched = new LRUCache<string, number>({ max: 10_000 });
  const noteSeen = (token: string, found: SessionUser, ip: string) => {
    const last = Math.max(touched.get(token) ?? 0, found.lastSeenAt.getTime());
    if (Date.now() - last < SESSION_TOUCH_EVERY_MS) return;
    touched.set(token, Date.now());
    touchSession(app.db, token, ip).catch((error) =>
      app.log.warn({ err: error }, "Última atividade da sessão não registada"),
    );
  };

  const tokens = new ReadCache<{ found: TokenCaller | null }>(app.database.changes, {
    max: 10_000,
    maxSize: 64 * 1024 * 1024,
    sizeOf: (s) => 1024 + (s.found?.user.avatar?.length ?? 0),
    refreshAfterMs: 60_000,
  });
  const tokenUsed = new LRUCache<number, number>({ max: 10_000 });
  const noteTokenUsed = (caller: TokenCaller) => {
    const last = Math.max(tokenUsed.get(caller.token.id) ?? 0, caller.token.lastUsedAt?.getTime() ?? 0);
    if (Date.now() - last < SESSION_TOUCH_EVERY_MS) return;
    tokenUsed.set(caller.token.id, Date.now());
    touchApiToken(app.db, caller.token.id).catch((error) =>
      app.log.warn({ err: error }, "Último uso do token não registado"),
    );
  };
  // a script in a loop must not take the server from everyone: counted per token, in the database
  const tokenLimit = app.rateLimit({
    max: TOKEN_REQUESTS_PER_MINUTE,
    timeWindow: "1 minute",
    keyGenerator: (request) => `api-token:${request.apiToken?.id}`,
  });
  /** a bearer token's caller: the same rules as a session, then the token's scopes */
  const authenticateToken = async (
    request: FastifyRequest,
    reply: FastifyReply,
    bearer: string,
    path: string,
  ) => {
    const { found } = await tokens.get(bearer, ["api_tokens", "users"], async () => ({
      found: await findApiToken(app.db, bearer),
    }));
    const live = found && (!found.token.expiresAt || found.token.expiresAt.getTime() > Date.now());
    if (!found || !live) throw new HttpError(401, "Token inválido, expirado ou revogado");
    const refusal = tokenRefusal(found, request.method, path);
    if (refusal) throw new HttpError(403, refusal);
    request.user = found.user;
    request.apiToken = found.token;
    noteTokenUsed(found);
    await tokenLimit.call(app, request, reply);
  };

  const globalSettings = new ReadCache<{ requireAdminTwoFactor: boolean }>(app.database.changes, {
    max: 1,
    refreshAfterMs: 60_000,
  });
  /** 403 for an admin without 2FA while the policy is on, but on the routes that let them enrol */
  const checkTwoFactorPolicy = async (user: UserRow, route: string) => {
    if (user.role !== "admin" || user.totpSecret || isEnrolmentRoute(route)) return;
    const global = await globalSettings.get("global", ["app_settings"], async () => {
      const { requireAdminTwoFactor } = await getGlobalSettings(app.db);
      return { requireAdminTwoFactor };
    });
    if (mustEnrolTwoFactor({ role: user.role, twoFactorEnabled: false }, global)) {
      throw new HttpError(403, ENROL_FIRST);
    }
  };

  app.decorate("sessionUser", findUser);
  app.decorateRequest("user", null);
  app.decorateRequest("apiToken", null);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(request);
    if (!path.startsWith("/api/") && path !== "/api") return;
    const authorization = request.headers.authorization;
    // a public route reads its own bearer, if any (health's HEALTH_TOKEN is not a personal token)
    if (authorization !== undefined && !PUBLIC_API.has(`${request.method} ${path}`)) {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
      if (!bearer) throw new HttpError(401, "Cabeçalho Authorization inválido: use «Bearer <token>»");
      return authenticateToken(request, reply, bearer, path);
    }
    const token = request.cookies[SESSION_COOKIE];
    const isPublic = isPublicRoute(`${request.method} ${path}`);
    if (token) {
      // a database that does not answer must not keep /api/health from saying so: a public route
      // then goes on as a stranger's request
      const found = await findLive(token).catch((error: unknown) => {
        if (isPublic) return null;
        throw error;
      });
      request.user = found?.user ?? null;
      if (found) noteSeen(token, found, request.ip);
      // a personal API token is a credential of its own: the policy is about sessions
      if (found && !isPublic) await checkTwoFactorPolicy(found.user, `${request.method} ${path}`);
    }
    if (!request.user && !isPublic) {
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
