import { parseMoney, toCents } from "../money.js";
import { z } from "../zod-pt.js";

/** numeric(12,2) holds up to 9 999 999 999.99; numeric(5,2) up to 999.99 */
const TOTAL_LIMIT_CENTS = 10n ** 12n;
const MARGIN_LIMIT_CENTS = 10n ** 5n;

function requiredMoney(requiredMessage: string, limitCents: bigint, allowNegative: boolean) {
  return z.union([z.string(), z.number()], { error: requiredMessage }).transform((value, ctx) => {
    if (String(value).trim() === "") {
      ctx.addIssue({ code: "custom", message: requiredMessage });
      return z.NEVER;
    }
    const amount = parseMoney(value);
    if (amount === null) {
      ctx.addIssue({ code: "custom", message: "Valor inválido" });
      return z.NEVER;
    }
    const cents = toCents(amount);
    if (!allowNegative && cents < 0n) {
      ctx.addIssue({ code: "custom", message: "O valor não pode ser negativo" });
      return z.NEVER;
    }
    if (cents >= limitCents || cents <= -limitCents) {
      ctx.addIssue({ code: "custom", message: "Valor demasiado grande" });
      return z.NEVER;
    }
    return amount;
  });
}

function itemCount(message: string) {
  return z.coerce
    .number({ error: message })
    .int("Deve ser um número inteiro")
    .min(0, message)
    .max(2_147_483_647, "Valor demasiado grande");
}

/** the admin's edited figures; profit and margin may be negative (a losing year) */
export const financialMetricsInputSchema = z.object({
  totalRevenue: requiredMoney("Receita total obrigatória", TOTAL_LIMIT_CENTS, false),
  profitMargin: requiredMoney("Margem de lucro obrigatória", MARGIN_LIMIT_CENTS, true),
  totalItemsSold: itemCount("Total de itens vendidos deve ser positivo"),
  totalItemsInStock: itemCount("Total de itens em stock deve ser positivo"),
  totalProfit: requiredMoney("Lucro total obrigatório", TOTAL_LIMIT_CENTS, true),
});
export type FinancialMetricsInput = z.input<typeof financialMetricsInputSchema>;
export type FinancialMetricsValues = z.output<typeof financialMetricsInputSchema>;

/** figures computed from every user's sales and items at the time of the request */
export const liveFinancialTotalsSchema = z.object({
  totalRevenue: z.string(),
  totalProfit: z.string(),
  /** profit ÷ revenue × 100, "0.00" without revenue */
  profitMargin: z.string(),
  totalItemsSold: z.number(),
  totalItemsInStock: z.number(),
});
export type LiveFinancialTotals = z.infer<typeof liveFinancialTotalsSchema>;

/** GET and PUT /api/admin/financial-metrics: the admin's figures (decimal text) and the live ones */
export const financialMetricsResponseSchema = z.object({
  totalRevenue: z.string(),
  profitMargin: z.string(),
  totalItemsSold: z.number(),
  totalItemsInStock: z.number(),
  totalProfit: z.string(),
  /** ISO; null until an admin saves the figures for the first time */
  lastUpdated: z.string().nullable(),
  updatedBy: z.number().nullable(),
  updatedByName: z.string().nullable(),
  live: liveFinancialTotalsSchema,
});
export type FinancialMetricsResponse = z.infer<typeof financialMetricsResponseSchema>;
