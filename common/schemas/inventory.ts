import { evaluateExpression } from "../expression.js";
import { canonicalPlatform } from "../sale-platforms.js";
import { dateInputSchema } from "./dates.js";
import { parseMoney, toCents } from "../money.js";
import { INVENTORY_STATUSES } from "../status.js";
import { z } from "../zod-pt.js";
import { photoDataUrlSchema } from "./images.js";

/** numeric(10,2): the largest amount a price column holds */
const MAX_AMOUNT_CENTS = 9_999_999_999n;

/** "12,50", "12.50", 12.5 or arithmetic such as "2+1,5" → "12.50"; whole cents, never negative */
export function amountSchema(requiredMessage: string) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value.trim();
    if (text === "") {
      ctx.addIssue({ code: "custom", message: requiredMessage });
      return z.NEVER;
    }
    const amount = parseMoney(text) ?? evaluateExpression(text);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: "Valor inválido" });
      return z.NEVER;
    }
    const cents = toCents(amount);
    if (cents < 0n) {
      ctx.addIssue({ code: "custom", message: "O valor não pode ser negativo" });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: "custom", message: "Valor demasiado alto" });
      return z.NEVER;
    }
    return amount;
  });
}

/** an amount that may be missing: missing, null or "" give null */
export function nullableAmountSchema() {
  return z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) =>
      v === null || v === undefined || (typeof v === "string" && v.trim() === "") ? null : v,
    )
    .pipe(amountSchema("Valor inválido").nullable());
}

/** an amount that defaults: missing, null or "" give the fallback ("0.00") */
export function optionalAmountSchema(fallback: string) {
  return nullableAmountSchema().transform((v) => v ?? fallback);
}

/** free text: trimmed, empty becomes null */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Máximo ${max} caracteres`)
    .nullish()
    .transform((v) => v || null);

export const inventoryStatusSchema = z.enum(INVENTORY_STATUSES, { error: "Estado inválido" });

/** the sale fields that a change to sold carries (status dialog and item creation alike) */
export const saleFieldsSchema = z.object({
  salePrice: nullableAmountSchema(),
  fees: optionalAmountSchema("0.00"),
  buyer: optionalText(200),
  platform: optionalText(100).transform((v) => (v === null ? null : canonicalPlatform(v))),
});

export const createInventoryItemSchema = z
  .object({
    name: z
      .string({ error: "Nome obrigatório" })
      .trim()
      .min(1, "Nome obrigatório")
      .max(200, "Nome demasiado longo"),
    price: amountSchema("Preço obrigatório"),
    shippingPrice: optionalAmountSchema("0.00"),
    sku: optionalText(100),
    status: inventoryStatusSchema.default("in_stock"),
    image: photoDataUrlSchema,
    size: optionalText(50),
    purchaseLocation: optionalText(200),
    purchaseDate: dateInputSchema("Data inválida").nullish(),
    notes: optionalText(2000),
    tags: z.array(z.string().trim().min(1).max(50)).max(20).optional(),
    /** the monitor the item was bought from ("Comprei" on its card) */
    sourceProductId: z.number({ error: "Monitor de origem inválido" }).int().positive().nullish(),
  })
  .extend(saleFieldsSchema.shape);
export type CreateInventoryItemInput = z.input<typeof createInventoryItemSchema>;
export type CreateInventoryItem = z.output<typeof createInventoryItemSchema>;

/**
 * PATCH /api/inventory/{id}: the edit dialog. A field left out keeps its value; image null or ""
 * removes the photo. Status and sale go through their own routes.
 */
export const updateInventoryItemSchema = createInventoryItemSchema
  .pick({
    name: true,
    price: true,
    shippingPrice: true,
    sku: true,
    image: true,
    size: true,
    purchaseLocation: true,
    purchaseDate: true,
    notes: true,
    tags: true,
  })
  .partial();
export type UpdateInventoryItemInput = z.input<typeof updateInventoryItemSchema>;
export type UpdateInventoryItem = z.output<typeof updateInventoryItemSchema>;

/**
 * The item dialog ('Novo Item', 'Editar Item'): the API's rules, with the purchase day as the date
 * field gives it ("" for none) and the photo as shown (a new data URL, the served photo's URL, or
 * null); the dialog sends the photo only when it changed, and the server checks it.
 */
export const itemFormSchema = createInventoryItemSchema.extend({
  purchaseDate: z.preprocess((v) => v || null, createInventoryItemSchema.shape.purchaseDate),
  image: z.string().nullable(),
});
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemForm = z.output<typeof itemFormSchema>;

/** PUT /api/inventory/{id}: the change-status dialog; `id` in the body is tolerated */
export const updateInventoryStatusSchema = z
  .object({ id: z.coerce.number().int().optional(), status: inventoryStatusSchema })
  .extend(saleFieldsSchema.shape);
export type UpdateInventoryStatusInput = z.input<typeof updateInventoryStatusSchema>;
export type UpdateInventoryStatus = z.output<typeof updateInventoryStatusSchema>;

export const inventorySaleSchema = z.object({
  id: z.number(),
  salePrice: z.string(),
  fees: z.string(),
  profit: z.string(),
  saleDate: z.string(),
  buyer: z.string().nullable(),
  platform: z.string().nullable(),
});
export type InventorySale = z.infer<typeof inventorySaleSchema>;

/** an item as the API sends it; amounts are decimal text, dates ISO */
export const inventoryItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** URL of the photo (served apart, cacheable), null without one */
  image: z.string().nullable(),
  /** URL of a small version of the photo for lists and cards */
  thumbnail: z.string().nullable(),
  size: z.string().nullable(),
  sku: z.string().nullable(),
  price: z.string(),
  shippingPrice: z.string(),
  purchaseLocation: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  status: z.string(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  /** the monitor it was bought from; null when none or when that monitor was removed */
  sourceProductId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the item's sale, when it has one */
  sale: inventorySaleSchema.nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/**
 * GET /api/inventory/draft?product=N[&match=ID]: the new-item dialog's fields filled from a product
 * monitor, or from one of a search monitor's latest matches
 */
export const itemDraftQuerySchema = z.object({
  product: z.coerce
    .number({ error: "Monitor inválido" })
    .int("Monitor inválido")
    .positive("Monitor inválido"),
  match: z.string().trim().min(1, "Resultado inválido").max(200, "Resultado inválido").optional(),
});
export const itemDraftSchema = z.object({
  name: z.string(),
  /**
   * the monitor's last price (a match's total with fees when the answer gives it) when in the
   * currency the user keeps the books in, else null
   */
  price: z.string().nullable(),
  /** the one size the monitor watches or has in stock, else null */
  size: z.string().nullable(),
  purchaseLocation: z.string(),
  /** the product page, so the item keeps where it was bought */
  notes: z.string(),
  sourceProductId: z.number(),
});
export type ItemDraft = z.infer<typeof itemDraftSchema>;

/**
 * GET /api/inventory/draft/photo?product=N[&match=ID]: the monitor's picture as a photo data URL
 * (JPEG or WebP, at most PHOTO_LONG_SIDE), or null when it has none or it could not be had
 */
export const draftPhotoSchema = z.object({ image: z.string().nullable() });
export type DraftPhoto = z.infer<typeof draftPhotoSchema>;

export const inventoryStatisticsSchema = z.object({
  totalItems: z.number(),
  inStock: z.number(),
  sold: z.number(),
  totalRevenue: z.string(),
  totalProfit: z.string(),
});
export type InventoryStatistics = z.infer<typeof inventoryStatisticsSchema>;

/** statuses an item can be sold from */
export const SELLABLE_STATUSES: readonly string[] = ["in_stock", "pending", "transit"];
