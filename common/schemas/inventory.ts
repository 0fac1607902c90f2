import { evaluateExpression } from "../expression.js";
import { canonicalPlatform } from "../sale-platforms.js";
import { dateInputSchema } from "./dates.js";
import { parseMoney, parseRate, toCents } from "../money.js";
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

/** the largest lot an item holds */
export const MAX_QUANTITY = 10_000;

/** units of a lot, or of a lot sold: a whole number from 1 (a text field's "3" is read as 3) */
export const quantitySchema = z.coerce
  .number({ error: "Quantidade inválida" })
  .refine(Number.isFinite, "Quantidade inválida")
  .refine(Number.isInteger, "A quantidade é um número inteiro de unidades")
  .refine((n) => n >= 1, "A quantidade mínima é 1")
  .refine((n) => n <= MAX_QUANTITY, `Quantidade máxima: ${MAX_QUANTITY}`);

/** the currencies an item may be bought in besides the books' own (the stores resellers buy from) */
export const PURCHASE_CURRENCIES = [
  "USD",
  "GBP",
  "CNY",
  "JPY",
  "CHF",
  "PLN",
  "SEK",
  "DKK",
  "NOK",
  "CZK",
  "HUF",
  "RON",
  "CAD",
  "AUD",
  "HKD",
  "KRW",
  "TRY",
  "BRL",
  "EUR",
] as const;
export type PurchaseCurrency = (typeof PURCHASE_CURRENCIES)[number];

export const INVALID_CURRENCY = "Moeda de compra inválida";
export const INVALID_RATE = "Taxa de câmbio inválida: um número positivo, até 6 casas decimais";
export const AMOUNT_REQUIRED = "Indique o valor pago na moeda de compra";
export const RATE_REQUIRED = "Indique a taxa de câmbio desse dia";

/** a purchase currency's code; missing, null or "" give null (bought in the books' currency) */
export const purchaseCurrencySchema = z
  .string({ error: INVALID_CURRENCY })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const code = v.toUpperCase();
    if (!(PURCHASE_CURRENCIES as readonly string[]).includes(code)) {
      ctx.addIssue({ code: "custom", message: INVALID_CURRENCY });
      return z.NEVER;
    }
    return code as PurchaseCurrency;
  });

/** a rate to the books' currency ("0,9234") → "0.923400"; missing, null or "" give null */
export const purchaseRateSchema = z
  .union([z.string(), z.number()], { error: INVALID_RATE })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === "string" && v.trim() === "")) return null;
    const rate = parseRate(v);
    if (rate === null) {
      ctx.addIssue({ code: "custom", message: INVALID_RATE });
      return z.NEVER;
    }
    return rate;
  });

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
    /** each unit's price and shipping (a lot of 3: the price of one) */
    price: amountSchema("Preço obrigatório"),
    shippingPrice: optionalAmountSchema("0.00"),
    quantity: quantitySchema.default(1),
    /**
     * bought in another currency: each unit's amount as paid in it and the rate to the books'
     * currency that day; the server then keeps price = amount × rate, to the cent
     */
    purchaseCurrency: purchaseCurrencySchema,
    purchaseAmount: nullableAmountSchema(),
    purchaseRate: purchaseRateSchema,
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
    quantity: true,
    purchaseCurrency: true,
    purchaseAmount: true,
    purchaseRate: true,
    sku: true,
    image: true,
    size: true,
    purchaseLocation: true,
    purchaseDate: true,
    notes: true,
    tags: true,
  })
  .partial()
  // a default would apply to a field left out: an edit that does not send the quantity keeps it
  .extend({ quantity: quantitySchema.optional() });
export type UpdateInventoryItemInput = z.input<typeof updateInventoryItemSchema>;
export type UpdateInventoryItem = z.output<typeof updateInventoryItemSchema>;

/**
 * The item dialog ('Novo Item', 'Editar Item'): the API's rules, with the purchase day as the date
 * field gives it ("" for none) and the photo as shown (a new data URL, the served photo's URL, or
 * null); the dialog sends the photo only when it changed, and the server checks it.
 */
export const itemFormSchema = createInventoryItemSchema
  .extend({
    purchaseDate: z.preprocess((v) => v || null, createInventoryItemSchema.shape.purchaseDate),
    image: z.string().nullable(),
  })
  .superRefine((v, ctx) => {
    for (const issue of purchaseCurrencyIssues(v)) ctx.addIssue({ code: "custom", ...issue });
  });

/** with a purchase currency, its amount and rate are required (the server's rule as the form's) */
export function purchaseCurrencyIssues(v: {
  purchaseCurrency?: string | null;
  purchaseAmount?: string | null;
  purchaseRate?: string | null;
}): { path: string[]; message: string }[] {
  if (!v.purchaseCurrency) return [];
  return [
    ...(v.purchaseAmount ? [] : [{ path: ["purchaseAmount"], message: AMOUNT_REQUIRED }]),
    ...(v.purchaseRate ? [] : [{ path: ["purchaseRate"], message: RATE_REQUIRED }]),
  ];
}
export type ItemFormInput = z.input<typeof itemFormSchema>;
export type ItemForm = z.output<typeof itemFormSchema>;

/**
 * PUT /api/inventory/{id}: the change-status dialog; `id` in the body is tolerated. To sold, a lot
 * sells `quantity` of its units (all of them when not given).
 */
export const updateInventoryStatusSchema = z
  .object({
    id: z.coerce.number().int().optional(),
    status: inventoryStatusSchema,
    quantity: quantitySchema.optional(),
  })
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
  /** the books currency the sale was recorded in; absent for euros, as on most sales of a list */
  currency: z.string().optional(),
});

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
  /** units left in the lot (of a sold item: the units its sale sold) */
  quantity: z.number(),
  /**
   * bought in another currency: its code, each unit's amount in it and the rate used. Absent for an
   * item bought in euros (most of them): three nulls on every item of a 500-item list were 33 KB
   */
  purchaseCurrency: z.string().optional(),
  purchaseAmount: z.string().optional(),
  purchaseRate: z.string().optional(),
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
  /**
   * only when the monitor's price is in a purchase currency other than the books' (a shop in
   * dollars): that currency, the price as the shop shows it (each unit's amount as paid), and the
   * user's last rate for it with its day (null when they never bought in it: `price` is then null
   * too, else amount × rate)
   */
  purchaseCurrency: z.string().optional(),
  purchaseAmount: z.string().optional(),
  purchaseRate: z.string().nullable().optional(),
  purchaseRateOn: z.string().nullable().optional(),
});
export type ItemDraft = z.infer<typeof itemDraftSchema>;

/** GET /api/inventory/last-rate?currency=USD: the rate the user typed last for that currency */
export const lastRateQuerySchema = z.object({
  currency: z
    .string({ error: INVALID_CURRENCY })
    .trim()
    .toUpperCase()
    .refine((code) => (PURCHASE_CURRENCIES as readonly string[]).includes(code), INVALID_CURRENCY),
});
export const lastRateSchema = z.object({
  currency: z.string(),
  /** "0.923400", null when no item was bought in that currency yet */
  rate: z.string().nullable(),
  /** the day of the item it was typed for (its purchase day, else when it was registered) */
  on: z.string().nullable(),
});
export type LastRate = z.infer<typeof lastRateSchema>;

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
