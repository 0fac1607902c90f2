import {
  type FinancialMetricsResponse,
  financialMetricsInputSchema,
  type LiveFinancialTotals,
} from "@common/schemas/financial-metrics.js";
import { eq, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Conn } from "../db/client.js";
import { financialMetrics, inventoryItems, sales, users } from "../db/schema.js";
import { currentUser, requireAdmin } from "../plugins/auth.js";

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

async function readMetrics(db: Conn): Promise<FinancialMetricsResponse> {
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

export const adminMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation: a user learns nothing about an admin route's fields
  app.addHook("preValidation", requireAdmin);

  app.get("/api/admin/financial-metrics", async () => readMetrics(app.db));

  app.put(
    "/api/admin/financial-metrics",
    { schema: { body: financialMetricsInputSchema } },
    async (request) => {
      const values = { ...request.body, lastUpdated: new Date(), updatedBy: currentUser(request).id };
      await app.db
        .insert(financialMetrics)
        .values({ id: METRICS_ROW_ID, ...values })
        .onConflictDoUpdate({ target: financialMetrics.id, set: values });
      return readMetrics(app.db);
    },
  );
};
