import { z } from "../zod-pt.js";
import { dac7QuerySchema } from "./dac7.js";

/** ?year=: the same rule as the DAC7 counter's (2000–2100; none: the current year) */
export const yearSummaryQuerySchema = dac7QuerySchema;

/**
 * One line of the yearly summary. Amounts are exact decimal text; cost is what the sold items cost
 * as each sale recorded it (price − fees − profit), so revenue − fees − cost is the sales' profit.
 */
export const yearSummaryFiguresSchema = z.object({
  sales: z.number(),
  revenue: z.string(),
  fees: z.string(),
  cost: z.string(),
  /** the profit of the sales, before expenses */
  salesProfit: z.string(),
});
export type YearSummaryFigures = z.infer<typeof yearSummaryFiguresSchema>;

export const yearSummaryMonthSchema = yearSummaryFiguresSchema.extend({
  /** 1–12 */
  month: z.number(),
  expenses: z.string(),
  /** salesProfit − expenses */
  profit: z.string(),
});

export const yearSummaryPlatformSchema = yearSummaryFiguresSchema.extend({
  /** as first written that year; "" for sales recorded without a platform */
  platform: z.string(),
});

export const yearSummarySchema = z.object({
  year: z.number(),
  /**
   * the years with a sale (in any currency) or an expense, newest first (the current year always
   * there): a year whose sales are all in another currency is offered, and says so below
   */
  years: z.array(z.number()),
  /** always twelve, January first */
  months: z.array(yearSummaryMonthSchema),
  /** by revenue, largest first */
  platforms: z.array(yearSummaryPlatformSchema),
  total: yearSummaryMonthSchema.omit({ month: true }),
  /** the year's sales recorded in another currency than today's books one: in none of the figures */
  otherCurrencySales: z.number(),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;
