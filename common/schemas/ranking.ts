import { z } from "../zod-pt.js";
import { periodQuerySchema } from "./period.js";

/**
 * GET /api/ranking?period=&from=&to=: the books' period on the viewer's calendar, all time when
 * left out (the ranking as it always was); the old `month` and `year` read as this month and year
 */
export const rankingQuerySchema = periodQuerySchema;

/** one line of GET /api/ranking; never an email */
export const rankingEntrySchema = z.object({
  id: z.number(),
  rank: z.number(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatar: z.string().nullable(),
  totalRevenue: z.string(),
  /** the sales' profit minus the user's expenses */
  totalProfit: z.string(),
  /** profit ÷ revenue × 100, 2 decimals; null when revenue is 0 */
  profitMargin: z.string().nullable(),
  soldItems: z.number(),
  totalItems: z.number(),
  averageProfit: z.string(),
  /** the user hid themself from the ranking: only an admin gets such a line */
  hidden: z.boolean(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingSchema = z.array(rankingEntrySchema);

/**
 * GET /api/ranking/left-out?period=: what the ranking of that period did not add, for the line
 * under its totals: the sales of the sellers it shows recorded in another currency than the viewer's
 */
export const rankingLeftOutSchema = z.object({ otherCurrencySales: z.number() });
export type RankingLeftOut = z.infer<typeof rankingLeftOutSchema>;

/** PUT /api/ranking/visibility: the user leaves the ranking (true) or comes back (false) */
export const rankingVisibilitySchema = z.object({ hidden: z.boolean({ error: "Valor inválido" }) });
export type RankingVisibility = z.infer<typeof rankingVisibilitySchema>;
