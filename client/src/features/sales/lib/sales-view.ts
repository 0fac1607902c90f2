import type { Formatter } from "@common/format";
import { addMoney } from "@common/money";
import type { Sale } from "@common/schemas/sales";

export { searchSales } from "@common/books-export";

export interface SalesSummary {
  revenue: string;
  profit: string;
  count: number;
  thisMonth: number;
  today: number;
  /** profit ÷ revenue × 100, null without revenue */
  margin: number | null;
  /** sales recorded in another books currency than today's: left out of every figure above */
  otherCurrency: number;
}

/**
 * exact sums in cents; "today" and "this month" on the user's calendar (their time zone). Only the
 * sales in the books currency of today count: an amount in US$ is not added to euros
 */
export function summarizeSales(listed: readonly Sale[], f: Formatter, now = new Date()): SalesSummary {
  const sales = listed.filter((s) => s.currency === f.currency);
  const revenue = addMoney(...sales.map((s) => s.salePrice));
  const profit = addMoney(...sales.map((s) => s.profit));
  const revenueNumber = Number(revenue);
  const today = f.day(now);
  const thisMonth = today.slice(0, 7);
  return {
    revenue,
    profit,
    count: sales.length,
    thisMonth: sales.filter((s) => f.saleDay(s.saleDate).slice(0, 7) === thisMonth).length,
    today: sales.filter((s) => f.saleDay(s.saleDate) === today).length,
    margin: revenueNumber === 0 ? null : (Number(profit) / revenueNumber) * 100,
    otherCurrency: listed.length - sales.length,
  };
}
