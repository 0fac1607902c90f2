/** one line of GET /api/ranking; never an email */
export interface RankingEntry {
  id: number;
  rank: number;
  username: string;
  fullName: string | null;
  avatar: string | null;
  totalRevenue: string;
  totalProfit: string;
  /** profit ÷ revenue × 100, 2 decimals; null when revenue is 0 */
  profitMargin: string | null;
  soldItems: number;
  totalItems: number;
  averageProfit: string;
}
