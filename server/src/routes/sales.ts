import { messageAnswerSchema } from "@common/schemas/answers.js";
import { createSaleSchema, saleSchema, updateSaleSchema } from "@common/schemas/sales.js";
import { z } from "@common/zod-pt.js";
import {
  exportFileName,
  salesCsv,
  salesExportQuerySchema,
  selectSales,
  yearSummaryCsv,
} from "@common/books-export.js";
import { createFormatter } from "@common/format.js";
import { dac7QuerySchema, dac7Schema } from "@common/schemas/dac7.js";
import { type Period, periodQuerySchema } from "@common/schemas/period.js";
import { idParamSchema } from "@common/schemas/users.js";
import { yearSummaryQuerySchema, yearSummarySchema } from "@common/schemas/year-summary.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { cachedJson } from "../plugins/cached-answers.js";
import { sendCsv, userFormatter } from "../services/exports.js";
import { dac7Counter } from "../services/dac7.js";
import { userPeriodDays } from "../services/period.js";
import { getUserSettings } from "../services/settings.js";
import {
  deleteSale,
  listSales,
  SALE_DELETED,
  SALE_DELETED_UNITS_BACK,
  sellItem,
  updateSale,
} from "../services/sales.js";
import { yearSummary } from "../services/year-summary.js";

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  // ?period=&from=&to=: the sales of the books' period, by their day on the user's calendar
  const list = cachedJson(
    app,
    ["sales", "inventory_items", "user_settings"],
    z.array(saleSchema),
    async (user, request) =>
      listSales(app.db, user.id, undefined, await userPeriodDays(app.db, user.id, request.query as Period)),
  );
  app.get("/api/sales", { ...list, schema: { ...list.schema, querystring: periodQuerySchema } });

  app.get(
    "/api/sales/export",
    { schema: { querystring: salesExportQuerySchema } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const days = await userPeriodDays(app.db, userId, request.query);
      const [sales, f] = await Promise.all([
        listSales(app.db, userId, undefined, days),
        userFormatter(app.db, userId),
      ]);
      return sendCsv(reply, exportFileName("vendas", f), salesCsv(selectSales(sales, request.query), f));
    },
  );

  app.get(
    "/api/sales/dac7",
    { schema: { querystring: dac7QuerySchema, response: { 200: dac7Schema } } },
    async (request) => {
      const userId = currentUser(request).id;
      return dac7Counter(app.db, userId, await getUserSettings(app.db, userId), request.query.year);
    },
  );

  app.get(
    "/api/sales/year-summary",
    { schema: { querystring: yearSummaryQuerySchema, response: { 200: yearSummarySchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      return yearSummary(app.db, userId, await getUserSettings(app.db, userId), request.query.year);
    },
  );

  app.get(
    "/api/sales/year-summary/export",
    { schema: { querystring: yearSummaryQuerySchema } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // one read of the settings: the zone for the months, and the formatter for the figures
      const settings = await getUserSettings(app.db, userId);
      const summary = await yearSummary(app.db, userId, settings, request.query.year);
      return sendCsv(reply, `resumo_${summary.year}.csv`, yearSummaryCsv(summary, createFormatter(settings)));
    },
  );

  app.post(
    "/api/sales",
    { schema: { body: createSaleSchema, response: { 201: saleSchema } } },
    async (request, reply) => {
      const sale = await sellItem(app.db, currentUser(request).id, request.body);
      return reply.status(201).send(sale);
    },
  );

  app.put(
    "/api/sales/:id",
    { schema: { params: idParamSchema, body: updateSaleSchema, response: { 200: saleSchema } } },
    async (request) => updateSale(app.db, currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    "/api/sales/:id",
    { schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      const { merged } = await deleteSale(app.db, currentUser(request).id, request.params.id);
      return { message: merged ? SALE_DELETED_UNITS_BACK : SALE_DELETED };
    },
  );
};
