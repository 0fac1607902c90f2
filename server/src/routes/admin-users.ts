import { createUserSchema, idParamSchema, updateUserSchema } from "@common/schemas/users.js";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { users } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../http-error.js";
import { currentUser, requireAdmin } from "../plugins/auth.js";
import { hashPassword } from "../services/passwords.js";
import { deleteOtherSessions, SESSION_COOKIE } from "../services/sessions.js";
import { countAdminsLocked, toPublicUser } from "../services/users.js";

const LAST_ADMIN = "Não é possível remover o último administrador";

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/users", async () => {
    const rows = await app.db.select().from(users).orderBy(asc(users.id));
    return rows.map(toPublicUser);
  });

  app.post("/api/admin/users", { schema: { body: createUserSchema } }, async (request, reply) => {
    const { password, ...rest } = request.body;
    const [created] = await app.db
      .insert(users)
      .values({ ...rest, avatar: rest.avatar ?? null, passwordHash: await hashPassword(password) })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict("Nome de utilizador já existe");
    return reply.status(201).send(toPublicUser(created));
  });

  app.put(
    "/api/admin/users/:id",
    { schema: { params: idParamSchema, body: updateUserSchema } },
    async (request) => {
      const { id } = request.params;
      const { password, ...changes } = request.body;
      return app.db.transaction(async (tx) => {
        const admins = await countAdminsLocked(tx);
        const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update");
        if (!target) throw notFound("Utilizador não encontrado");
        if (target.role === "admin" && changes.role === "user" && admins <= 1) {
          throw badRequest(LAST_ADMIN);
        }
        const values = { ...changes, ...(password ? { passwordHash: await hashPassword(password) } : {}) };
        if (Object.keys(values).length === 0) return toPublicUser(target);
        const [updated] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
        if (password) {
          const keep = id === currentUser(request).id ? request.cookies[SESSION_COOKIE] : undefined;
          await deleteOtherSessions(tx, id, keep);
        }
        return toPublicUser(updated);
      });
    },
  );

  app.delete("/api/admin/users/:id", { schema: { params: idParamSchema } }, async (request) => {
    const { id } = request.params;
    if (id === currentUser(request).id) throw badRequest("Não pode excluir a própria conta");
    return app.db.transaction(async (tx) => {
      const admins = await countAdminsLocked(tx);
      const [target] = await tx.select().from(users).where(eq(users.id, id)).for("update");
      if (!target) throw notFound("Utilizador não encontrado");
      if (target.role === "admin" && admins <= 1) throw badRequest(LAST_ADMIN);
      // sessions, products, items and sales go with the user (ON DELETE CASCADE)
      await tx.delete(users).where(eq(users.id, id));
      return { message: "Utilizador eliminado" };
    });
  });
};
