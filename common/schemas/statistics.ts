import { z } from "../zod-pt.js";
import { activityEntrySchema } from "./activity.js";

/** GET /api/status/statistics. Percentages are decimal text with 2 decimals. */
export const statusStatisticsSchema = z.object({
  timeOnServer: z.object({ months: z.number(), days: z.number() }),
  /** what the items cost (price and shipping, sold or not) plus the expenses */
  totalExpenses: z.string(),
  /** the expenses (Despesas) alone */
  expenses: z.string(),
  /** profit after expenses ÷ (cost of the items sold + expenses) × 100; null when that cost is 0 */
  roi: z.string().nullable(),
  /** null without sales */
  averageMargin: z.string().nullable(),
  /**
   * the period's sales recorded in another books currency than today's: no figure adds them (an
   * amount in US$ is not added to euros)
   */
  otherCurrencySales: z.number(),
  salesPerformance: z.object({
    recentSales: z.number(),
    /** null when the 30 days before had no profit */
    profitGrowth: z.string().nullable(),
    /** "MM/yyyy", null without sales */
    bestMonth: z.string().nullable(),
    bestMonthProfit: z.string().nullable(),
    totalSales: z.number(),
  }),
  inventoryStatus: z.object({
    totalItems: z.number(),
    inStock: z.number(),
    sold: z.number(),
    pending: z.number(),
    inTransit: z.number(),
    totalRevenue: z.string(),
    /** the sales' own profit (price − item cost − fees) */
    salesProfit: z.string(),
    /** salesProfit − expenses */
    totalProfit: z.string(),
  }),
  activitySummary: z.object({
    recent: z.array(activityEntrySchema),
    totalActivities: z.number(),
  }),
});
export type StatusStatistics = z.infer<typeof statusStatisticsSchema>;
