import { calendarDate } from "@common/aggregations.js";
import { DAC7_AMOUNT_THRESHOLD, DAC7_SALES_THRESHOLD, type Dac7, dac7Level } from "@common/schemas/dac7.js";
import type { Conn } from "../db/client.js";
import { dac7Repository } from "../repositories/dac7.js";

/** GET /api/sales/dac7: per sale platform, the year's sales and their total against the DAC7 thresholds */
export async function dac7Counter(
  db: Conn,
  userId: number,
  { timezone: timeZone, currency }: { timezone: string; currency: string },
  year?: number,
  now: Date = new Date(),
): Promise<Dac7> {
  const current = calendarDate(now, timeZone).year;
  const chosen = year ?? current;
  const { platforms, years } = await dac7Repository.platformsInYear(db, userId, timeZone, currency, chosen);
  const allYears = new Set([current, ...years]);
  return {
    year: chosen,
    years: [...allYears].sort((a, b) => b - a),
    salesThreshold: DAC7_SALES_THRESHOLD,
    amountThreshold: DAC7_AMOUNT_THRESHOLD,
    platforms: platforms.map((p) => ({ ...p, level: dac7Level(p.sales, p.total) })),
  };
}
