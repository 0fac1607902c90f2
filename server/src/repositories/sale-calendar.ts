import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * A sale's instant on the user's calendar (a `timestamp` in their zone): a sale kept without a time
 * (00:00 UTC) is its own day anywhere. The one rule of the month charts, the best month, the ranking's
 * periods, the DAC7 counter and the yearly summary.
 */
export const saleLocalTime = (timeZone: string, saleDate: PgColumn | SQL = sql`sale_date`) =>
  sql`(${saleDate} at time zone (case when ${dayOnly(saleDate)} then 'UTC' else ${timeZone} end))`;

/** a sale (or an instant) kept without a time: 00:00 UTC, its own day in every zone */
export const dayOnly = (saleDate: PgColumn | SQL = sql`sale_date`) =>
  sql`((${saleDate} at time zone 'UTC')::time = '00:00')`;

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

/** midnight of a window's day as an instant: in the user's zone, or in UTC for a day-only value */
const midnightOf = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;

/**
 * a sale (or a day-only instant, 00:00 UTC) whose day on the user's calendar is within the
 * window: the rule of `saleDay`, written as comparisons of the instant with the window's
 * midnights, so no row is converted to the user's zone (the statistics read thousands of sales)
 */
export const saleInDays = (
  window: DayWindow,
  saleDate: PgColumn | SQL = sql`sale_date`,
  isDayOnly: SQL = dayOnly(saleDate),
) =>
  sql`(case when ${isDayOnly}
    then ${saleDate} >= ${midnightOf(window.from, "UTC")} and ${saleDate} < ${midnightOf(window.to, "UTC")}
    else ${saleDate} >= ${midnightOf(window.from, window.timeZone)} and ${saleDate} < ${midnightOf(window.to, window.timeZone)} end)`;

/** an item bought within the window's days: the rule of `itemBoughtDay`, as comparisons of instants */
export const itemBoughtInDays = (window: DayWindow, purchaseDate: PgColumn, createdAt: PgColumn) =>
  sql`(case when ${purchaseDate} is not null then ${saleInDays(window, purchaseDate)}
    else ${createdAt} >= ${midnightOf(window.from, window.timeZone)} and ${createdAt} < ${midnightOf(window.to, window.timeZone)} end)`;
