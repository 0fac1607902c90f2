import { z } from "../zod-pt.js";

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
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const rankingSchema = z.array(rankingEntrySchema);
