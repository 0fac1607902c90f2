import { calendarDate } from "@common/aggregations.js";
import {
  DAC7_AMOUNT_THRESHOLD,
  DAC7_CURRENCY,
  DAC7_SALES_THRESHOLD,
  type Dac7,
  dac7Level,
} from "@common/schemas/dac7.js";
import type { Conn } from "../db/client.js";
import { dac7Repository } from "../repositories/dac7.js";

/**
 * GET /api/sales/dac7: per sale platform, the year's sales and their total against the DAC7
 * thresholds. The amount threshold is the EU's, in euros, whatever the books currency: only the
 * sales recorded in euros are added and compared with it, the others are counted apart.
 */
export async function dac7Counter(
  db: Conn,
  userId: number,
  { timezone: timeZone }: { timezone: string },
  year?: number,
  now: Date = new Date(),
): Promise<Dac7> {
  const current = calendarDate(now, timeZone).year;
  const chosen = year ?? current;
  const { platforms, years } = await dac7Repository.platformsInYear(db, userId, timeZone, chosen);
  const allYears = new Set([current, ...years]);
  return {
    year: chosen,
    years: [...allYears].sort((a, b) => b - a),
    salesThreshold: DAC7_SALES_THRESHOLD,
    amountThreshold: DAC7_AMOUNT_THRESHOLD,
    currency: DAC7_CURRENCY,
    otherCurrencySales: platforms.reduce((n, p) => n + p.otherCurrencySales, 0),
    platforms: platforms.map((p) => ({ ...p, level: dac7Level(p.sales, p.total) })),
  };
}
