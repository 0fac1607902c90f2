import { calendarDate } from "@common/aggregations.js";
import { isAdmin } from "@common/schemas/auth.js";
import type { RankingEntry, RankingPeriod, RankingVisibility } from "@common/schemas/ranking.js";
import type { Conn } from "../db/client.js";
import { notFound } from "../http-error.js";
import { type RankingWindow, rankingRepository } from "../repositories/ranking.js";

const day = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;

/** this month or this year on the viewer's calendar, as days; all time has no window */
export function rankingWindow(
  period: RankingPeriod,
  timeZone: string,
  now: Date = new Date(),
): RankingWindow | null {
  if (period === "all") return null;
  const today = calendarDate(now, timeZone);
  if (period === "year") return { from: day(today.year, 1), to: day(today.year + 1, 1), timeZone };
  const next =
    today.month === 12 ? { year: today.year + 1, month: 1 } : { year: today.year, month: today.month + 1 };
  return { from: day(today.year, today.month), to: day(next.year, next.month), timeZone };
}

/**
 * users with at least one sale in the period, best first (the order is the repository's), numbered
 * from 1 in the list the viewer gets: an admin also gets those who hid themselves, marked hidden
 */
export async function ranking(
  db: Conn,
  {
    period,
    timeZone,
    viewer,
    now,
  }: { period: RankingPeriod; timeZone: string; viewer: { role: string }; now?: Date },
): Promise<RankingEntry[]> {
  const rows = await rankingRepository.listSellers(db, {
    window: rankingWindow(period, timeZone, now),
    withHidden: isAdmin(viewer),
  });
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

/** the user leaves the ranking or comes back to it */
export async function setRankingVisibility(db: Conn, userId: number, { hidden }: RankingVisibility) {
  const stored = await rankingRepository.setHidden(db, userId, hidden);
  if (stored === undefined) throw notFound("Utilizador não encontrado");
  return { hidden: stored };
}
