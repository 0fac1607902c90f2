import { messageAnswerSchema } from "@common/schemas/answers.js";
import { loginSchema, publicUserSchema } from "@common/schemas/auth.js";
import { normalizeUsername } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http-error.js";
import { createLoginThrottle } from "../services/login-throttle.js";
import { DUMMY_HASH, verifyPassword } from "../services/passwords.js";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../services/sessions.js";
import { findUserForLogin, toPublicUser } from "../services/users.js";

/** /api/login and its counterpart /api/logout: the session cookie */
const WRONG_CREDENTIALS = "Utilizador ou senha incorretos";

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createLoginThrottle(app.db);

  app.post(
    "/api/login",
    {
      schema: { body: loginSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const attempt = await throttle.begin(normalizeUsername(username).toLowerCase(), request.ip);
      if (attempt.refused) {
        throw new HttpError(429, "Demasiadas tentativas. Tente novamente dentro de alguns minutos.");
      }
      const user = await findUserForLogin(app.db, username);
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) throw new HttpError(401, WRONG_CREDENTIALS);
      await attempt.succeeded();
      // a fresh session id at every login; an old cookie's session ends
      const old = request.cookies[SESSION_COOKIE];
      if (old) await deleteSession(app.db, old);
      const session = await createSession(app.db, user.id);
      // expired sessions are never read again; the login that creates one clears them out
      await deleteExpiredSessions(app.db);
      reply.setCookie(SESSION_COOKIE, session.token, {
        path: "/",
        httpOnly: true,
        sameSite: "lax",
        secure: request.protocol === "https",
        maxAge: Math.floor(SESSION_TTL_MS / 1000),
      });
      return toPublicUser(user);
    },
  );

  app.post("/api/logout", { schema: { response: { 200: messageAnswerSchema } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await deleteSession(app.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { message: "Sessão terminada" };
  });
};
