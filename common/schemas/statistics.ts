/** GET /api/status/statistics. Percentages are decimal text with 2 decimals. */
export interface StatusStatistics {
  timeOnServer: { months: number; days: number };
  totalExpenses: string;
  /** null when nothing sold has a cost */
  roi: string | null;
  /** null without sales */
  averageMargin: string | null;
  salesPerformance: {
    recentSales: number;
    /** null when the 30 days before had no profit */
    profitGrowth: string | null;
    /** "MM/yyyy", null without sales */
    bestMonth: string | null;
    bestMonthProfit: string | null;
    totalSales: number;
  };
  inventoryStatus: {
    totalItems: number;
    inStock: number;
    sold: number;
    pending: number;
    inTransit: number;
    totalRevenue: string;
    totalProfit: string;
  };
  activitySummary: {
    recent: { id: number; action: string; type: string; message: string; createdAt: string }[];
    totalActivities: number;
  };
}
