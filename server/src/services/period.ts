import { type Period, type PeriodWindow, periodWindow } from "@common/schemas/period.js";
import type { Conn } from "../db/client.js";
import type { DayWindow } from "../repositories/sale-calendar.js";
import { getUserSettings } from "./settings.js";

/** a period's days as the repositories take them; none for all time */
export const dayWindow = (window: PeriodWindow | null): DayWindow | null =>
  window && { from: window.from, to: window.to, timeZone: window.timeZone };

/** the days of a period on the user's calendar (their zone, now); none for all time */
export async function userPeriodDays(db: Conn, userId: number, period: Period): Promise<DayWindow | null> {
  if (period.period === "all") return null;
  const { timezone } = await getUserSettings(db, userId);
  return dayWindow(periodWindow(period, timezone));
}
