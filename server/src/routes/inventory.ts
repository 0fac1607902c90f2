import { messageAnswerSchema } from "@common/schemas/answers.js";
import {
  createInventoryItemSchema,
  inventoryItemSchema,
  inventoryStatisticsSchema,
  draftPhotoSchema,
  itemDraftQuerySchema,
  itemDraftSchema,
  lastRateQuerySchema,
  lastRateSchema,
  updateInventoryItemSchema,
  updateInventoryStatusSchema,
} from "@common/schemas/inventory.js";
import {
  exportFileName,
  filterInventory,
  inventoryCsv,
  inventoryExportQuerySchema,
  sortInventory,
} from "@common/books-export.js";
import { MAX_PHOTO_BYTES } from "@common/schemas/images.js";
import { type Period, periodQuerySchema } from "@common/schemas/period.js";
import { idParamSchema } from "@common/schemas/users.js";
import { z } from "@common/zod-pt.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../plugins/auth.js";
import { perUserPerMinute } from "../plugins/per-user-limit.js";
import { getGlobalSettings } from "../services/settings.js";
import { cachedJson } from "../plugins/cached-answers.js";
import { type PhotoKind, readPhoto } from "../services/item-photos.js";
import { deleteItem, restoreItem } from "../services/deleted-items.js";
import { CATALOGUE } from "../engine/handle.js";
import {
  changeItemStatus,
  createItem,
  itemDraft,
  lastRate,
  itemDraftPhoto,
  listItems,
  updateItem,
} from "../services/inventory.js";
import { sendCsv, sendPhoto, userFormatter } from "../services/exports.js";
import { userPeriodDays } from "../services/period.js";
import { inventoryStatistics } from "../services/statistics.js";

/** the item's fields beside a photo of up to MAX_PHOTO_BYTES as base64 */
const PHOTO_BODY_LIMIT = Math.ceil(MAX_PHOTO_BYTES / 3) * 4 + 64 * 1024;

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  // every change to the inventory counts against one allowance a minute (Configurações globais)
  const writes = perUserPerMinute(
    "inventory-writes",
    async () => (await getGlobalSettings(app.db)).inventoryWritesPerMinute,
    (max) =>
      `Demasiadas alterações ao inventário (máximo ${max} por minuto). Aguarde um momento e tente de novo.`,
  );

  // ?period=&from=&to=: the items bought in the books' period (purchase day, else the day registered)
  const list = cachedJson(
    app,
    ["inventory_items", "sales", "user_settings"],
    z.array(inventoryItemSchema),
    async (user, request) =>
      listItems(app.db, user.id, undefined, await userPeriodDays(app.db, user.id, request.query as Period)),
  );
  app.get("/api/inventory", { ...list, schema: { ...list.schema, querystring: periodQuerySchema } });

  app.get(
    "/api/inventory/export",
    { schema: { querystring: inventoryExportQuerySchema } },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const days = await userPeriodDays(app.db, userId, request.query);
      const [items, f] = await Promise.all([
        listItems(app.db, userId, undefined, days),
        userFormatter(app.db, userId),
      ]);
      const { search, status, sort } = request.query;
      return sendCsv(
        reply,
        exportFileName("inventario", f),
        inventoryCsv(sortInventory(filterInventory(items, search, status), sort), f),
      );
    },
  );

  app.get(
    "/api/inventory/draft",
    { schema: { querystring: itemDraftQuerySchema, response: { 200: itemDraftSchema } } },
    async (request) => itemDraft(app.db, currentUser(request).id, request.query, CATALOGUE),
  );

  // the new-item dialog pre-fills the rate of a purchase currency with the user's last one
  app.get(
    "/api/inventory/last-rate",
    { schema: { querystring: lastRateQuerySchema, response: { 200: lastRateSchema } } },
    async (request) => lastRate(app.db, currentUser(request).id, request.query.currency),
  );

  // the monitor's picture as the new item's photo: one outbound fetch each, 30 a minute per user
  app.get(
    "/api/inventory/draft/photo",
    {
      config: perUserPerMinute("draft-photo", 30),
      schema: { querystring: itemDraftQuerySchema, response: { 200: draftPhotoSchema } },
    },
    async (request) =>
      itemDraftPhoto(app.db, currentUser(request).id, request.query, CATALOGUE, (url) =>
        app.onDemand.image(url),
      ),
  );

  // the items bought in the period and the period's sales
  const statistics = cachedJson(
    app,
    ["inventory_items", "sales", "user_settings"],
    inventoryStatisticsSchema,
    async (user, request) =>
      inventoryStatistics(app.db, user.id, await userPeriodDays(app.db, user.id, request.query as Period)),
  );
  app.get("/api/inventory/statistics", {
    ...statistics,
    schema: { ...statistics.schema, querystring: periodQuerySchema },
  });

  app.post(
    "/api/inventory",
    {
      config: writes,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: { body: createInventoryItemSchema, response: { 201: inventoryItemSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const id = await createItem(app.db, userId, request.body);
      const [item] = await listItems(app.db, userId, id);
      return reply.status(201).send(item);
    },
  );

  app.put(
    "/api/inventory/:id",
    {
      config: writes,
      schema: {
        params: idParamSchema,
        body: updateInventoryStatusSchema,
        response: { 200: inventoryItemSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await changeItemStatus(app.db, userId, request.params.id, request.body);
      const [item] = await listItems(app.db, userId, request.params.id);
      return item;
    },
  );

  app.patch(
    "/api/inventory/:id",
    {
      config: writes,
      bodyLimit: PHOTO_BODY_LIMIT,
      schema: {
        params: idParamSchema,
        body: updateInventoryItemSchema,
        response: { 200: inventoryItemSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await updateItem(app.db, userId, request.params.id, request.body);
      const [item] = await listItems(app.db, userId, request.params.id);
      return item;
    },
  );

  // photo URLs carry the photo's version, so a browser may keep them for good; private: per user
  const photoRoute =
    (kind: PhotoKind) => async (request: { params: { id: number } }, reply: FastifyReply) => {
      const photo = await readPhoto(
        app.db,
        currentUser(request as FastifyRequest).id,
        request.params.id,
        kind,
      );
      return sendPhoto(reply, photo);
    };
  app.get("/api/inventory/:id/photo", { schema: { params: idParamSchema } }, photoRoute("full"));
  app.get(
    "/api/inventory/:id/photo/thumbnail",
    { schema: { params: idParamSchema } },
    photoRoute("thumbnail"),
  );

  app.delete(
    "/api/inventory/:id",
    { config: writes, schema: { params: idParamSchema, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await deleteItem(app.db, currentUser(request).id, request.params.id);
      return { message: "Item removido do inventário" };
    },
  );

  // 'Anular' in the deletion toast: the item comes back with its sale and photo
  app.post(
    "/api/inventory/:id/restore",
    { config: writes, schema: { params: idParamSchema, response: { 200: inventoryItemSchema } } },
    async (request) => {
      await restoreItem(app.db, currentUser(request).id, request.params.id);
      const [item] = await listItems(app.db, currentUser(request).id, request.params.id);
      return item;
    },
  );
};
