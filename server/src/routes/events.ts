import type { FastifyPluginAsync } from "fastify";
import { currentUser } from "../plugins/auth.js";
import { SESSION_COOKIE } from "../services/sessions.js";
import { LiveEvents } from "../services/live-events.js";

/**
 * GET /api/events: the caller's live updates as server-sent events (services/live-events.ts).
 * The session is checked like on every /api route (401 without one); each stream carries only
 * the caller's own products, admins included. Nothing here is compressed or cached.
 */
export const eventRoutes: FastifyPluginAsync = async (app) => {
  const live = new LiveEvents(app.config.liveEvents);
  const unsubscribe = app.database.changes.onProductEvent((payload) => live.receive(payload));
  // before the server waits for its connections: an open stream would hold app.close() forever
  app.addHook("preClose", async () => {
    unsubscribe();
    live.close();
  });

  app.get("/api/events", async (request, reply) => {
    const user = currentUser(request);
    const token = request.cookies[SESSION_COOKIE] ?? "";
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      // nginx and the like would otherwise hold the events back in their buffers
      "x-accel-buffering": "no",
    });
    // how long the browser waits before reconnecting after the stream ends
    res.write("retry: 5000\n\n");
    // a logout elsewhere ends the stream at the next heartbeat, not only the next request
    live.add(user.id, res, async () => (await app.sessionUser(token))?.id === user.id);
  });
};
