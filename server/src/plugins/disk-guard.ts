import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { assertRoomFor } from "../services/disk-space.js";
import { routedPath } from "./routed-path.js";

/** what still works on a nearly full disk: signing in and out, and deleting (which frees room) */
const ALWAYS_ALLOWED = new Set(["POST /api/login", "POST /api/logout"]);
const WRITES = new Set(["POST", "PUT", "PATCH"]);
/** the body fields that carry a photo (data URL): inventory items' image, the profile's avatar */
const PHOTO_FIELDS = ["image", "avatar"] as const;

function carriesPhoto(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  return PHOTO_FIELDS.some((field) => {
    const value = (body as Record<string, unknown>)[field];
    return typeof value === "string" && value.startsWith("data:");
  });
}

/**
 * The free-space floors of DATA_DIR, where the embedded database lives: below MIN_FREE_DISK_MB a
 * request carrying a photo is refused, below MIN_FREE_DISK_WRITES_MB every change is (507, in
 * Portuguese), before the database itself runs out of room. On PostgreSQL the data is on another
 * server whose disk is not ours to measure.
 */
export const diskGuardPlugin = fp(async (app: FastifyInstance) => {
  if (app.database.kind !== "pglite") return;
  app.addHook("preHandler", async (request) => {
    if (!WRITES.has(request.method)) return;
    const path = routedPath(request);
    if (!path.startsWith("/api/") || ALWAYS_ALLOWED.has(`${request.method} ${path}`)) return;
    const { dataDir, disk } = app.config;
    await assertRoomFor(carriesPhoto(request.body) ? "photo" : "write", dataDir, disk);
  });
});
