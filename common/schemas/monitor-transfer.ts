import { z } from "../zod-pt.js";

/**
 * Monitors in and out as files: the JSON export is `{ version, exportedAt, monitors: [...] }`, each
 * monitor in the shape POST /api/products takes; the CSV has one column per field of that shape
 * (lists one entry per line in their cell, rules/alertChannels/config as JSON text).
 */
export const MONITOR_FILE_VERSION = 1;

/** the CSV columns, in order: the names of POST /api/products's fields */
export const MONITOR_CSV_COLUMNS = [
  "name",
  "platform",
  "url",
  "productId",
  "monitorType",
  "checkInterval",
  "isActive",
  "webhookUrl",
  "imageUrl",
  "price",
  "variants",
  "config",
  "rules",
  "alertChannels",
] as const;

export const monitorExportQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "Formato inválido: json ou csv" }).default("json"),
});

/** the largest file accepted (text): far above the 1 000 monitors an account may hold */
export const MAX_MONITOR_FILE_CHARS = 2_000_000;
export const MAX_MONITOR_ROWS = 1_000;

export const monitorImportRequestSchema = z.object({
  format: z.enum(["json", "csv"], { error: "Formato inválido: json ou csv" }),
  content: z
    .string({ error: "Conteúdo do ficheiro obrigatório" })
    .min(1, "O ficheiro está vazio")
    .max(MAX_MONITOR_FILE_CHARS, "Ficheiro demasiado grande (máximo 2 MB)"),
  /** false: only say what would happen (the preview); true: create the valid rows */
  commit: z.boolean().default(false),
});
export type MonitorImportRequest = z.input<typeof monitorImportRequestSchema>;

/**
 * What became of one row: `valid` (created, or would be on commit), `invalid` (its errors),
 * `duplicate` (the account, or an earlier row, already watches it), `overLimit` (valid, but past
 * the account's monitor limit).
 */
export const MONITOR_ROW_OUTCOMES = ["valid", "invalid", "duplicate", "overLimit"] as const;
export type MonitorRowOutcome = (typeof MONITOR_ROW_OUTCOMES)[number];

export const monitorImportRowSchema = z.object({
  /** the file's line (CSV, the header is line 1) or position in the list (JSON, from 1) */
  line: z.number(),
  name: z.string(),
  platform: z.string(),
  outcome: z.enum(MONITOR_ROW_OUTCOMES),
  errors: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type MonitorImportRow = z.infer<typeof monitorImportRowSchema>;

export const monitorImportAnswerSchema = z.object({
  committed: z.boolean(),
  /** monitors created (0 on a preview) */
  created: z.number(),
  /** how many more monitors the account may hold before this import */
  room: z.number(),
  rows: z.array(monitorImportRowSchema),
});
export type MonitorImportAnswer = z.infer<typeof monitorImportAnswerSchema>;
