import { messageAnswerSchema } from "@common/schemas/answers.js";
import { loginSchema, publicUserSchema } from "@common/schemas/auth.js";
import { normalizeUsername } from "@common/schemas/users.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HttpError } from "../http-error.js";
import {
  DEVICE_COOKIE,
  DEVICE_TTL_MS,
  deviceFailed,
  deviceLoggedIn,
  knownDevice,
} from "../services/login-devices.js";
import { createLoginThrottle } from "../services/login-throttle.js";
import { DUMMY_HASH, verifyPassword } from "../services/passwords.js";
import { deleteSession, SESSION_COOKIE } from "../services/sessions.js";
import { findUserForLogin, toPublicUser } from "../services/users.js";
import { openSession } from "./session-cookie.js";

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
      const usernameKey = normalizeUsername(username).toLowerCase();
      const device = await knownDevice(app.db, request.cookies[DEVICE_COOKIE], usernameKey);
      const attempt = await throttle.begin(usernameKey, request.ip, { knownDevice: device?.trusted });
      if (attempt.refused) {
        throw new HttpError(429, "Demasiadas tentativas. Tente novamente dentro de alguns minutos.");
      }
      const user = await findUserForLogin(app.db, username);
      const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !ok) {
        if (device) await deviceFailed(app.db, device);
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      await attempt.succeeded();
      // said only to whoever knows the password: the account exists, an admin has disabled it
      if (user.disabledAt) throw new HttpError(403, "Esta conta está desativada. Fale com o administrador.");
      const deviceToken = await deviceLoggedIn(app.db, user.id, device);
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
      // a fresh session id at every login; an old cookie's session ends
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
