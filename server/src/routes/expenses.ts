import { messageAnswerSchema } from "@common/schemas/answers.js";
import {
  createExpenseSchema,
  expenseSchema,
  expensesSchema,
  updateExpenseSchema,
} from "@common/schemas/expenses.js";
import { MAX_PHOTO_BYTES } from "@common/schemas/images.js";
import { idParamSchema } from "@common/schemas/users.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportFileName, expensesCsv } from "@common/books-export.js";
import { sendCsv, sendPhoto, userFormatter } from "../services/exports.js";
import type { PhotoKind } from "../services/item-photos.js";
import { currentUser } from "../plugins/auth.js";
import { cachedJson } from "../plugins/cached-answers.js";
import {
  createExpense,
  deleteExpense,
  listExpenses,
  readReceipt,
  updateExpense,
} from "../services/expenses.js";

/** the expense's fields beside a receipt photo of up to MAX_PHOTO_BYTES as base64 */
const PHOTO_BODY_LIMIT = Math.ceil(MAX_PHOTO_BYTES / 3) * 4 + 64 * 1024;

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/expenses",
    cachedJson(app, ["expenses", "inventory_items"], expensesSchema, (user) => listExpenses(app.db, user.id)),
  );

  app.get("/api/expenses/export", async (request, reply) => {
    const userId = currentUser(request).id;
    const [expenses, f] = await Promise.all([listExpenses(app.db, userId), userFormatter(app.db, userId)]);
    return sendCsv(reply, exportFileName("despesas", f), expensesCsv(expenses, f));
  });

  app.post(
    "/api/expenses",
    { bodyLimit: PHOTO_BODY_LIMIT, schema: { body: createExpenseSchema, response: { 201: expenseSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createExpense(app.db, currentUser(request).id, request.body)),
  );

  app.put(
    "/api/expenses/:id",
    {
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { params: idParamSchema, body: updateExpenseSchema, response: { 200: expenseSchema } },
    },
    async (request) => updateExpense(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/expenses/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await deleteExpense(app.db, currentUser(request).id, request.params.id);
      return { message: "Despesa removida" };
    },
  );

  // as the item photos: versioned URLs, private to the user
  const receiptRoute =
    (kind: PhotoKind) => async (request: { params: { id: number } }, reply: FastifyReply) => {
      const photo = await readReceipt(
        app.db,
        currentUser(request as FastifyRequest).id,
        request.params.id,
        kind,
      );
      return sendPhoto(reply, photo);
    };
  app.get("/api/expenses/:id/receipt", { schema: { params: idParamSchema } }, receiptRoute("full"));
  app.get(
    "/api/expenses/:id/receipt/thumbnail",
    { schema: { params: idParamSchema } },
    receiptRoute("thumbnail"),
  );
};
