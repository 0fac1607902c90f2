import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A sale's instant on the user's calendar (a `timestamp` in their zone): a sale kept without a time
 * (00:00 UTC) is its own day anywhere. The one rule of the month charts, the best month, the ranking's
 * periods, the DAC7 counter and the yearly summary.
 */
export const saleLocalTime = (timeZone: string, saleDate: PgColumn | SQL = sql`sale_date`) =>
  sql`(${saleDate} at time zone (case when (${saleDate} at time zone 'UTC')::time = '00:00' then 'UTC' else ${timeZone} end))`;

/** a sale's platform as written, trimmed and with single spaces ("" when none) */
export const platformName = sql`regexp_replace(trim(coalesce(platform, '')), '\\s+', ' ', 'g')`;
/** platforms differing only in case or spaces are one */
export const platformKey = sql`lower(${platformName})`;

/** the days of a period on the user's calendar: `from` included, `to` excluded ("yyyy-mm-dd") */
export interface DayWindow {
  from: string;
  to: string;
  timeZone: string;
}

/** a day expression within the window's days */
export const dayInWindow = (day: SQL, window: DayWindow) =>
  sql`(${day} >= ${window.from}::date and ${day} < ${window.to}::date)`;

/** a sale's day on the user's calendar (the rule of saleLocalTime) */
export const saleDay = (timeZone: string, saleDate: PgColumn | SQL = sql`sale_date`) =>
  sql`(${saleLocalTime(timeZone, saleDate)})::date`;

/**
 * the day an item was bought: its purchase day as typed (a day alone is its own day anywhere), else
 * the day it was registered on the user's calendar; the rule of a sale's "dias em stock"
 */
export const itemBoughtDay = (timeZone: string, purchaseDate: PgColumn, createdAt: PgColumn) =>
  sql`coalesce(${saleDay(timeZone, purchaseDate)}, (${createdAt} at time zone ${timeZone})::date)`;
