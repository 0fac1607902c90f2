import { z } from "../zod-pt.js";

/** one price a product monitor's check read when it changed (decimal text in `currency`) */
export const pricePointSchema = z.object({
  price: z.string(),
  currency: z.string(),
  /** ISO */
  at: z.string(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

/** GET /api/products/:id/price-history: oldest first, at most a year and 500 points */
export const priceHistorySchema = z.object({ points: z.array(pricePointSchema) });
export type PriceHistory = z.infer<typeof priceHistorySchema>;

/**
 * The card's line: the lowest price seen in the current currency and the last change. `previous`
 * is null while the history holds one price only.
 */
export const priceSummarySchema = z.object({
  low: z.string(),
  previous: z.string().nullable(),
  current: z.string(),
  currency: z.string(),
  /** ISO: when the current price was first seen */
  changedAt: z.string(),
});
export type PriceSummary = z.infer<typeof priceSummarySchema>;
