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
export interface LiveFinancialTotals {
  totalRevenue: string;
  totalProfit: string;
  /** profit ÷ revenue × 100, "0.00" without revenue */
  profitMargin: string;
  totalItemsSold: number;
  totalItemsInStock: number;
}

export interface FinancialMetricsResponse extends FinancialMetricsValues {
  /** null until an admin saves the figures for the first time */
  lastUpdated: string | null;
  updatedBy: number | null;
  updatedByName: string | null;
  live: LiveFinancialTotals;
}
