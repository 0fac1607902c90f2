import { calendarDate } from "@common/aggregations.js";
import { addMoney, subtractMoney } from "@common/money.js";
import type { YearSummary } from "@common/schemas/year-summary.js";
import type { Conn } from "../db/client.js";
import { type FigureRow, yearSummaryRepository } from "../repositories/year-summary.js";

const NONE: FigureRow = { sales: 0, revenue: "0.00", fees: "0.00", cost: "0.00", salesProfit: "0.00" };

/**
 * GET /api/sales/year-summary: a calendar year of the books on the user's calendar, month by month
 * (sales, revenue, cost of the items sold, fees, expenses, profit) and platform by platform. An
 * expense counts in the month of its own day, as on Status. Only the sales recorded in the books
 * currency of today are added; the others are counted apart. A year whose sales are all in another
 * currency is still offered, with zero sales and that count, so the reseller sees why it is empty.
 */
export async function yearSummary(
  db: Conn,
  userId: number,
  { timezone: timeZone, currency }: { timezone: string; currency: string },
  year?: number,
  now: Date = new Date(),
): Promise<YearSummary> {
  const current = calendarDate(now, timeZone).year;
  const chosen = year ?? current;
  const read = await yearSummaryRepository.read(db, userId, timeZone, currency, chosen);
  const months = Array.from({ length: 12 }, (_, i) => {
    const sold = read.months.get(i + 1) ?? NONE;
    const expenses = read.expenses.get(i + 1) ?? "0.00";
    return { month: i + 1, ...sold, expenses, profit: subtractMoney(sold.salesProfit, expenses) };
  });
  const sum = (pick: (m: (typeof months)[number]) => string) => addMoney(...months.map(pick));
  return {
    year: chosen,
    years: [...new Set([current, ...read.years])].sort((a, b) => b - a),
    months,
    platforms: read.platforms,
    otherCurrencySales: read.otherCurrencySales,
    total: {
      sales: months.reduce((n, m) => n + m.sales, 0),
      revenue: sum((m) => m.revenue),
      fees: sum((m) => m.fees),
      cost: sum((m) => m.cost),
      salesProfit: sum((m) => m.salesProfit),
      expenses: sum((m) => m.expenses),
      profit: sum((m) => m.profit),
    },
  };
}
