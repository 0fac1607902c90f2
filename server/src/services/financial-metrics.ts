import type {
  FinancialMetricsResponse,
  FinancialMetricsValues,
  LiveFinancialTotals,
} from "@common/schemas/financial-metrics.js";
import type { Conn } from "../db/client.js";
import { financialMetricsRepository } from "../repositories/financial-metrics.js";

/** the installation keeps one row of edited figures, always this id */
const METRICS_ROW_ID = 1;

/** totals over all users, of the sales in the admin's books currency */
async function liveTotals(db: Conn, currency: string): Promise<LiveFinancialTotals> {
  const saleTotals = await financialMetricsRepository.saleTotals(db, currency);
  const inStock = await financialMetricsRepository.countInStock(db);
  return {
    totalRevenue: saleTotals.revenue,
    totalProfit: saleTotals.profit,
    profitMargin: saleTotals.margin,
    totalItemsSold: saleTotals.sold,
    totalItemsInStock: inStock,
  };
}

/** the stored figures and the live totals of the sales in `currency` (the viewing admin's books currency) */
export async function readFinancialMetrics(db: Conn, currency = "EUR"): Promise<FinancialMetricsResponse> {
  const row = await financialMetricsRepository.findWithEditor(db, METRICS_ROW_ID);
  const live = await liveTotals(db, currency);
  if (!row) {
    return {
      totalRevenue: "0.00",
      profitMargin: "0.00",
      totalItemsSold: 0,
      totalItemsInStock: 0,
      totalProfit: "0.00",
      lastUpdated: null,
      updatedBy: null,
      updatedByName: null,
      live,
    };
  }
  const m = row.metrics;
  return {
    totalRevenue: m.totalRevenue,
    profitMargin: m.profitMargin,
    totalItemsSold: m.totalItemsSold,
    totalItemsInStock: m.totalItemsInStock,
    totalProfit: m.totalProfit,
    lastUpdated: m.lastUpdated.toISOString(),
    updatedBy: m.updatedBy,
    updatedByName: row.updatedByName,
    live,
  };
}

/** the admin's hand-entered figures, stamped with who entered them and when */
export async function saveFinancialMetrics(
  db: Conn,
  input: FinancialMetricsValues,
  adminId: number,
  currency = "EUR",
): Promise<FinancialMetricsResponse> {
  await financialMetricsRepository.save(db, METRICS_ROW_ID, {
    ...input,
    lastUpdated: new Date(),
    updatedBy: adminId,
  });
  return readFinancialMetrics(db, currency);
}
