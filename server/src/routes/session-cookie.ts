import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  SESSION_COOKIE,
  SESSION_TTL_MS,
} from "../services/sessions.js";

/**
 * Signs the user in on this browser: a fresh session (an old cookie's session ends) named by the
 * device it was opened on, and its cookie. Every way in (login, 2FA, an accepted invite) ends here.
 */
export async function openSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const old = request.cookies[SESSION_COOKIE];
  if (old) await deleteSession(app.db, old);
  const session = await createSession(app.db, userId, {
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  });
  // expired sessions are never read again; the login that creates one clears them out
  await deleteExpiredSessions(app.db);
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: request.protocol === "https",
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}
