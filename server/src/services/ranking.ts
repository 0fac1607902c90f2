import type { RankingEntry } from "@common/schemas/ranking.js";
import type { Conn } from "../db/client.js";
import { rankingRepository } from "../repositories/ranking.js";

/** users with at least one sale, best first (the order is the repository's), numbered from 1 */
export async function ranking(db: Conn): Promise<RankingEntry[]> {
  const rows = await rankingRepository.listSellers(db);
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}
