import type {
  FinancialMetricsResponse,
  FinancialMetricsValues,
  LiveFinancialTotals,
} from "@common/schemas/financial-metrics.js";
import { eq, sql } from "drizzle-orm";
import type { Conn } from "../db/client.js";
import { financialMetrics, inventoryItems, sales, users } from "../db/schema.js";

/** the installation keeps one row of edited figures, always this id */
const METRICS_ROW_ID = 1;

/** totals over all users, summed exactly in SQL numeric (never in floating point) */
async function liveTotals(db: Conn): Promise<LiveFinancialTotals> {
  const [saleTotals] = await db
    .select({
      revenue: sql<string>`round(coalesce(sum(${sales.salePrice}), 0), 2)::text`,
      profit: sql<string>`round(coalesce(sum(${sales.profit}), 0), 2)::text`,
      margin: sql<string>`round(coalesce(sum(${sales.profit}) * 100 / nullif(sum(${sales.salePrice}), 0), 0), 2)::text`,
      sold: sql<number>`count(*)::int`,
    })
    .from(sales);
  const [stock] = await db
    .select({ inStock: sql<number>`count(*)::int` })
    .from(inventoryItems)
    .where(eq(inventoryItems.status, "in_stock"));
  return {
    totalRevenue: saleTotals.revenue,
    totalProfit: saleTotals.profit,
    profitMargin: saleTotals.margin,
    totalItemsSold: saleTotals.sold,
    totalItemsInStock: stock.inStock,
  };
}

export async function readFinancialMetrics(db: Conn): Promise<FinancialMetricsResponse> {
  const [row] = await db
    .select({ metrics: financialMetrics, updatedByName: users.username })
    .from(financialMetrics)
    .leftJoin(users, eq(users.id, financialMetrics.updatedBy))
    .where(eq(financialMetrics.id, METRICS_ROW_ID))
    .limit(1);
  const live = await liveTotals(db);
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
): Promise<FinancialMetricsResponse> {
  const values = { ...input, lastUpdated: new Date(), updatedBy: adminId };
  await db
    .insert(financialMetrics)
    .values({ id: METRICS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: financialMetrics.id, set: values });
  return readFinancialMetrics(db);
}
