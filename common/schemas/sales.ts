import { canonicalPlatform } from "../sale-platforms.js";
import { z } from "../zod-pt.js";
import { dateInputSchema } from "./dates.js";
import { amountSchema, optionalAmountSchema, optionalText, quantitySchema } from "./inventory.js";

/** POST /api/sales. A profit sent by the client is ignored: the server computes it. */
export const createSaleSchema = z.object({
  inventoryItemId: z.coerce
    .number({ error: "Selecione um item" })
    .int("Selecione um item")
    .min(1, "Selecione um item"),
  salePrice: amountSchema("Preço de venda obrigatório"),
  saleDate: dateInputSchema("Data da venda obrigatória").optional(),
  buyer: optionalText(200),
  platform: z
    .string({ error: "Plataforma obrigatória" })
    .trim()
    .min(1, "Plataforma obrigatória")
    .max(100, "Máximo 100 caracteres")
    .transform(canonicalPlatform),
  fees: optionalAmountSchema("0.00"),
  /** units of the item's lot sold, for the sale price; all of them when not given */
  quantity: quantitySchema.optional(),
  profit: z.unknown().optional(),
});
/** PUT /api/sales/{id}: the sale's own fields; a field left out keeps its value */
export const updateSaleSchema = createSaleSchema
  .pick({ salePrice: true, saleDate: true, buyer: true, platform: true, fees: true })
  .partial();
export type UpdateSaleInput = z.input<typeof updateSaleSchema>;
export type UpdateSale = z.output<typeof updateSaleSchema>;

/**
 * The fields of the sale dialogs ('Registrar Venda', 'Nova Venda', 'Editar Venda') with the API's
 * rules, and the day as the date field gives it (yyyy-MM-dd); the dialog turns the day into the
 * request's saleDate (a day other than today has no time).
 */
export const saleFormSchema = createSaleSchema
  .pick({ salePrice: true, fees: true, buyer: true, platform: true, quantity: true })
  .extend({ saleDay: z.string().min(1, "Data da venda obrigatória") });
export type SaleFormInput = z.input<typeof saleFormSchema>;
export type SaleForm = z.output<typeof saleFormSchema>;

/** 'Nova Venda' also picks the item */
export const newSaleFormSchema = saleFormSchema.extend({
  inventoryItemId: createSaleSchema.shape.inventoryItemId,
});

export type CreateSaleInput = z.input<typeof createSaleSchema>;
export type CreateSale = z.output<typeof createSaleSchema>;

export const saleItemSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  sku: z.string().nullable(),
  size: z.string().nullable(),
  price: z.string(),
  shippingPrice: z.string(),
  /** the units the sale sold (price and shipping are each unit's) */
  quantity: z.number(),
  /** the day it was bought (a day alone, as typed), null when not given */
  purchaseDate: z.string().nullable(),
  /** when it was registered: its day in stock when no purchase day was given */
  createdAt: z.string(),
});

/** a sale as the API sends it; amounts are decimal text, dates ISO */
export const saleSchema = z.object({
  id: z.number(),
  inventoryItemId: z.number().nullable(),
  salePrice: z.string(),
  saleDate: z.string(),
  buyer: z.string().nullable(),
  platform: z.string().nullable(),
  fees: z.string(),
  profit: z.string(),
  /** the books currency the sale was recorded in (ISO 4217): its amounts are in it */
  currency: z.string(),
  /** units sold (1 when the item is gone) */
  quantity: z.number(),
  createdAt: z.string(),
  item: saleItemSummarySchema.nullable(),
});
export type Sale = z.infer<typeof saleSchema>;

/** DELETE /api/sales/:id's answer when the sale's units went back into the lot they were split off */
export const SALE_DELETED_UNITS_BACK = "Venda removida: as unidades voltaram ao lote de origem";
