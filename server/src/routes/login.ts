import { messageAnswerSchema } from "@common/schemas/answers.js";
import { loginSchema, publicUserSchema } from "@common/schemas/auth.js";
import { loginAnswerSchema, loginTwoFactorSchema } from "@common/schemas/two-factor.js";
import { normalizeUsername } from "@common/schemas/users.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http-error.js";
import {
  DEVICE_COOKIE,
  DEVICE_TTL_MS,
  deviceFailed,
  deviceLoggedIn,
  type KnownDevice,
  knownDevice,
} from "../services/login-devices.js";
import { createLoginThrottle } from "../services/login-throttle.js";
import { DUMMY_HASH, verifyPassword } from "../services/passwords.js";
import { deleteSession, SESSION_COOKIE } from "../services/sessions.js";
import {
  answerLoginChallenge,
  challengeUser,
  INVALID_CODE,
  openLoginChallenge,
  REUSED_CODE,
} from "../services/two-factor.js";
import { findUserForLogin, toPublicUser } from "../services/users.js";
import { openSession } from "./session-cookie.js";

/**
 * /api/login (with its second step /api/login/two-factor, which shares the throttle) and its
 * counterpart /api/logout: the session cookie
 */
const WRONG_CREDENTIALS = "Utilizador ou senha incorretos";
const TOO_MANY = "Demasiadas tentativas. Tente novamente dentro de alguns minutos.";
const DISABLED = "Esta conta está desativada. Fale com o administrador.";

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const throttle = createLoginThrottle(app.db);

  /** a whole login (password, and code with 2FA) makes the browser one of the user's known devices */
  async function rememberDevice(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    device: KnownDevice | null,
  ) {
    const deviceToken = await deviceLoggedIn(app.db, userId, device);
    if (deviceToken) {
      // sent back only to the login route: it names the browser, not a session
      reply.setCookie(DEVICE_COOKIE, deviceToken, {
        path: "/api/login",
        httpOnly: true,
        sameSite: "strict",
        secure: request.protocol === "https",
        maxAge: Math.floor(DEVICE_TTL_MS / 1000),
      });
    }
  }

  app.post(
    "/api/login",
    {
      schema: { body: loginSchema, response: { 200: loginAnswerSchema } },
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const usernameKey = normalizeUsername(username).toLowerCase();
      const device = await knownDevice(app.db, request.cookies[DEVICE_COOKIE], usernameKey);
      const attempt = await throttle.begin(usernameKey, request.ip, { knownDevice: device?.trusted });
      if (attempt.refused) {
        throw new HttpError(429, TOO_MANY);
      }
      const user = await findUserForLogin(app.db, username);
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        if (device) await deviceFailed(app.db, device);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      // with 2FA the password alone is no success: the attempt stays counted until the code comes
      if (!user.totpSecret) await attempt.succeeded();
      // said only to whoever knows the password: the account exists, an admin has disabled it
      if (user.disabledAt) throw new HttpError(403, DISABLED);
      // with 2FA the password opens no session: the code step must bring this challenge back
      if (user.totpSecret)
        return { twoFactorRequired: true as const, challenge: await openLoginChallenge(app.db, user.id) };
      await rememberDevice(request, reply, user.id, device);
      // a fresh session id at every login; an old cookie's session ends
      await openSession(app, request, reply, user.id);
      return toPublicUser(user);
    },
  );

  app.post(
    "/api/login/two-factor",
    {
      schema: { body: loginTwoFactorSchema, response: { 200: publicUserSchema } },
      config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: "1 minute" } },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const user = await challengeUser(app.db, challenge);
      if (user.disabledAt) throw new HttpError(403, DISABLED);
      // a wrong code is a failed login like a wrong password, on the same counts
      const usernameKey = normalizeUsername(user.username).toLowerCase();
      const device = await knownDevice(app.db, request.cookies[DEVICE_COOKIE], usernameKey);
      const attempt = await throttle.begin(usernameKey, request.ip, { knownDevice: device?.trusted });
      if (attempt.refused) throw new HttpError(429, TOO_MANY);
      const result = await answerLoginChallenge(app.db, challenge, code);
      if (result !== "ok") {
        if (device) await deviceFailed(app.db, device);
        throw new HttpError(401, result === "reused" ? REUSED_CODE : INVALID_CODE);
      }
      await attempt.succeeded();
      await rememberDevice(request, reply, user.id, device);
      await openSession(app, request, reply, user.id);
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
