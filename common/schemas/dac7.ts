import { toCents } from "../money.js";
import { z } from "../zod-pt.js";

/**
 * DAC7 (EU Directive 2021/514): a platform reports a seller unless, in the calendar year, they had
 * fewer than 30 sales on it and were paid no more than 2 000 € there. The counter warns from 80 % of
 * either threshold (docs/decisions.md, "DAC7 e resumo anual").
 */
export const DAC7_SALES_THRESHOLD = 30;
export const DAC7_AMOUNT_THRESHOLD = "2000.00";
/** the threshold is the EU's, in euros: only sales recorded in euros are added against it */
export const DAC7_CURRENCY = "EUR";
export const DAC7_NEAR_PERCENT = 80;

export const DAC7_LEVELS = ["ok", "near", "reached"] as const;
export type Dac7Level = (typeof DAC7_LEVELS)[number];

/** "reached" at 30 sales or more than 2 000 €; "near" from 24 sales or 1 600 € */
export function dac7Level(sales: number, total: string): Dac7Level {
  const cents = toCents(total);
  const limit = toCents(DAC7_AMOUNT_THRESHOLD);
  if (sales >= DAC7_SALES_THRESHOLD || cents > limit) return "reached";
  const near = BigInt(DAC7_NEAR_PERCENT);
  if (sales * 100 >= DAC7_SALES_THRESHOLD * DAC7_NEAR_PERCENT || cents * 100n >= limit * near) return "near";
  return "ok";
}

export const dac7QuerySchema = z.object({
  year: z.coerce
    .number({ error: "Ano inválido" })
    .int("Ano inválido")
    .min(2000, "Ano inválido")
    .max(2100, "Ano inválido")
    .optional(),
});

export const dac7PlatformSchema = z.object({
  platform: z.string(),
  /** every sale on the platform that year, whatever its currency */
  sales: z.number(),
  /** the prices of its sales recorded in euros summed, decimal text */
  total: z.string(),
  /** of `sales`, those recorded in another currency: not in `total` (nothing is converted) */
  otherCurrencySales: z.number(),
  level: z.enum(DAC7_LEVELS),
});

export const dac7Schema = z.object({
  year: z.number(),
  /** the years with a sale on a platform, newest first (the current year always there) */
  years: z.array(z.number()),
  salesThreshold: z.number(),
  /** in euros, as `total` */
  amountThreshold: z.string(),
  /** the currency of the threshold and the totals: always EUR, whatever the books currency */
  currency: z.string(),
  /** the platforms' sales in another currency than the euro, summed: in no total */
  otherCurrencySales: z.number(),
  platforms: z.array(dac7PlatformSchema),
});
export type Dac7 = z.infer<typeof dac7Schema>;
