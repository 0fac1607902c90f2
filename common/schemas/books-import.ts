import { z } from "../zod-pt.js";

/**
 * CSV import of the books: a file of inventory items or of sales, from a spreadsheet, a
 * marketplace export or the app's own CSV export. The same request previews (`commit: false`: what
 * each row would become, nothing written) and commits (`commit: true`: the valid rows in one
 * transaction). The file travels as text inside JSON, like the monitors' import.
 */

export const BOOKS_IMPORT_KINDS = ["inventory", "sales"] as const;
export type BooksImportKind = (typeof BOOKS_IMPORT_KINDS)[number];

/** the largest file accepted, in bytes of text; a larger request is refused with 413 */
export const MAX_IMPORT_FILE_BYTES = 10 * 1024 * 1024;
export const IMPORT_FILE_TOO_LARGE = "Ficheiro demasiado grande (máximo 10 MB)";
/** rows a file may hold (the items' quota is 5 000 by default) */
export const MAX_IMPORT_ROWS = 20_000;

/** the fields an inventory row fills, in the wizard's order */
export const INVENTORY_IMPORT_FIELDS = [
  "name",
  "price",
  "shippingPrice",
  "purchaseDate",
  "purchaseLocation",
  "sku",
  "size",
  "status",
  "notes",
  // a lot's units and, bought in another currency, each unit's amount as paid and the day's rate
  // (what the inventory export writes, so a file exported imports again as the same items)
  "quantity",
  "purchaseCurrency",
  "purchaseAmount",
  "purchaseRate",
] as const;
/** the fields a sales row fills: the sale, and the item it sold (found, or created as sold) */
export const SALES_IMPORT_FIELDS = [
  "itemName",
  "salePrice",
  "saleDate",
  "platform",
  "fees",
  "buyer",
  "purchaseDate",
  "itemCost",
  "shippingPrice",
  "sku",
  "size",
  // the units the sale sold (our sales export's "Quantidade"); absent or empty: one
  "quantity",
  // the currency the sale was recorded in, as the sales export writes it; absent: today's books one
  "saleCurrency",
] as const;
export type InventoryImportField = (typeof INVENTORY_IMPORT_FIELDS)[number];
export type SalesImportField = (typeof SALES_IMPORT_FIELDS)[number];
export type BooksImportField = InventoryImportField | SalesImportField;

export const IMPORT_FIELDS: Record<BooksImportKind, readonly BooksImportField[]> = {
  inventory: INVENTORY_IMPORT_FIELDS,
  sales: SALES_IMPORT_FIELDS,
};
/** without these a row cannot become anything */
export const REQUIRED_IMPORT_FIELDS: Record<BooksImportKind, readonly BooksImportField[]> = {
  inventory: ["name", "price"],
  sales: ["itemName", "salePrice", "saleDate"],
};

const fieldNames = [...new Set([...INVENTORY_IMPORT_FIELDS, ...SALES_IMPORT_FIELDS])] as [
  BooksImportField,
  ...BooksImportField[],
];

/**
 * POST /api/inventory/import/preview and /api/inventory/import (the same for /api/sales): the file
 * and, when the user chose them, the columns; the path says which books and whether to write.
 */
export const booksImportRequestSchema = z.object({
  content: z.string({ error: "Conteúdo do ficheiro obrigatório" }).min(1, "O ficheiro está vazio"),
  /**
   * which column (its header, as in the file) fills each field; a field left out takes the column
   * the server recognised by its name, null leaves it empty
   */
  mapping: z
    .partialRecord(z.enum(fieldNames, { error: "Campo inválido" }), z.string().max(200).nullable())
    .optional(),
});
export type BooksImportRequest = z.input<typeof booksImportRequestSchema>;

/**
 * What becomes of a row: `valid` (written, or would be on commit), `invalid` (its errors),
 * `duplicate` (already imported from a file: "já importada"), `overLimit` (valid, past the items'
 * quota).
 */
export const IMPORT_ROW_OUTCOMES = ["valid", "invalid", "duplicate", "overLimit"] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/** a row's values as they will be written: amounts as decimal text ("12.50"), days as yyyy-MM-dd */
export const importValuesSchema = z.object({
  name: z.string(),
  price: z.string().nullable(),
  shippingPrice: z.string(),
  purchaseDate: z.string().nullable(),
  purchaseLocation: z.string().nullable(),
  sku: z.string().nullable(),
  size: z.string().nullable(),
  status: z.string().nullable(),
  notes: z.string().nullable(),
  salePrice: z.string().nullable(),
  saleDate: z.string().nullable(),
  platform: z.string().nullable(),
  fees: z.string().nullable(),
  buyer: z.string().nullable(),
  /** units of the lot (1 for a sales row) */
  quantity: z.number(),
  /** bought in another currency: its code, each unit's amount in it and the rate; price is amount × rate */
  purchaseCurrency: z.string().nullable(),
  purchaseAmount: z.string().nullable(),
  purchaseRate: z.string().nullable(),
  /** a sales row's currency (ISO 4217, a books currency); null: the books currency of the import's day */
  saleCurrency: z.string().nullable(),
});
export type ImportValues = z.infer<typeof importValuesSchema>;

export const importRowSchema = z.object({
  /** the file's line: the header is line 1 (a cell over several lines counts where it starts) */
  line: z.number(),
  outcome: z.enum(IMPORT_ROW_OUTCOMES),
  /** the name read from the row, even when invalid, so the preview can say which it is */
  label: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
  /** the values that will be written (null when invalid) */
  values: importValuesSchema.nullable(),
  /** sales: the unsold item of the books this sale sells (null: a new item is created as sold) */
  itemId: z.number().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const booksImportAnswerSchema = z.object({
  kind: z.enum(BOOKS_IMPORT_KINDS),
  committed: z.boolean(),
  /** rows written (0 on a preview) */
  imported: z.number(),
  /** the separator found in the header: ";" (pt-PT spreadsheets), "," or a tab */
  delimiter: z.string(),
  /** the file's headers, as written */
  columns: z.array(z.string()),
  /** the column each field was read from (null: none) */
  mapping: z.record(z.string(), z.string().nullable()),
  counts: z.object({
    valid: z.number(),
    invalid: z.number(),
    duplicate: z.number(),
    overLimit: z.number(),
  }),
  rows: z.array(importRowSchema),
});
export type BooksImportAnswer = z.infer<typeof booksImportAnswerSchema>;
