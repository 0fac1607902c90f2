import { isAdmin } from "@common/schemas/auth.js";
import { type Period, periodWindow } from "@common/schemas/period.js";
import type { RankingEntry, RankingLeftOut, RankingVisibility } from "@common/schemas/ranking.js";
import type { Conn } from "../db/client.js";
import { notFound } from "../http-error.js";
import { rankingRepository } from "../repositories/ranking.js";
import { dayWindow } from "./period.js";

type RankingAsk = {
  period: Period;
  timeZone: string;
  currency?: string;
  viewer: { role: string };
  now?: Date;
};

/** the period's days and the sellers the viewer sees: the ranking and its left-out count read the same */
function sellersSeen({ period, timeZone, currency = "EUR", viewer, now }: RankingAsk) {
  return { window: dayWindow(periodWindow(period, timeZone, now)), withHidden: isAdmin(viewer), currency };
}

/**
 * users with at least one sale in the period, best first (the order is the repository's), numbered
 * from 1 in the list the viewer gets: an admin also gets those who hid themselves, marked hidden
 */
export async function ranking(db: Conn, ask: RankingAsk): Promise<RankingEntry[]> {
  const rows = await rankingRepository.listSellers(db, sellersSeen(ask));
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

/**
 * how many sales of the period, of the sellers the viewer sees, are in another currency than the
 * viewer's books one: left out of the ranking (nothing is converted), and said under its totals
 */
export async function rankingLeftOut(db: Conn, ask: RankingAsk): Promise<RankingLeftOut> {
  const otherCurrencySales = await rankingRepository.countOtherCurrency(db, sellersSeen(ask));
  return { otherCurrencySales };
}

/** the user leaves the ranking or comes back to it */
export async function setRankingVisibility(db: Conn, userId: number, { hidden }: RankingVisibility) {
  const stored = await rankingRepository.setHidden(db, userId, hidden);
  if (stored === undefined) throw notFound("Utilizador não encontrado");
  return { hidden: stored };
}
