import { z } from "../zod-pt.js";

/**
 * What one check of a product read, as "Testar agora" shows it and the card's "Falha na
 * verificação" opens it. Kept per product (the last one) by the server.
 */
export const checkExchangeSchema = z.object({
  method: z.string(),
  url: z.string(),
  /** null when no answer came (timeout, refused, network) */
  status: z.number().nullable(),
  ms: z.number(),
});
export type CheckExchange = z.infer<typeof checkExchangeSchema>;

export const checkDetailSizeSchema = z.object({
  name: z.string(),
  available: z.boolean(),
  lowStock: z.boolean(),
});

export const checkDetailItemSchema = z.object({
  title: z.string(),
  url: z.string(),
  price: z.string().nullable(),
  /** ISO 4217 code of `price` */
  currency: z.string(),
  /** a search's item: "kept", or the rule that dropped it (common/search-rules.ts RuleName) */
  verdict: z.string().optional(),
});

export const checkDetailSchema = z.object({
  /** ISO time the check started */
  at: z.string(),
  /** "test": Testar agora; "engine": a scheduled check that failed */
  trigger: z.enum(["test", "engine"]),
  ok: z.boolean(),
  durationMs: z.number(),
  /** the adapter's route that answered, e.g. "storefront-api" */
  route: z.string().nullable(),
  exchanges: z.array(checkExchangeSchema),
  /** the verdict: a product or profile status; null on failure */
  status: z.string().nullable(),
  name: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** decimal text */
  price: z.string().nullable(),
  /** ISO 4217 code of `price` */
  currency: z.string(),
  sizes: z.array(checkDetailSizeSchema),
  /** Vinted profiles: the items on sale */
  items: z.array(checkDetailItemSchema),
  failure: z.object({ reason: z.string(), label: z.string(), message: z.string() }).nullable(),
  /** the start of the last answer, on failure */
  excerpt: z.string().nullable(),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;
