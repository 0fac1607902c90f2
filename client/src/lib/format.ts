import type { DateInput, Formatter } from "@common/format";
import { differenceInSeconds, isValid } from "date-fns";
import { i18n } from "./i18n";

/**
 * Wordings of times and intervals. Amounts, numbers, percentages and dates are written by the
 * user's Formatter (common/format.ts, `useFormat()` in lib/user-settings), which these take for
 * their clock times, in the language in force when they are called (a render).
 */

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** last-check wording (docs/product.md, Screens) */
export function formatLastCheck(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return i18n.t("common:time.never");
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 10) return i18n.t("common:time.now");
  if (seconds < 60) return i18n.t("common:time.secondsAgoShort", { count: seconds });
  if (seconds < 3600) return i18n.t("common:time.minutesAgoShort", { count: Math.floor(seconds / 60) });
  return f.time(date);
}

/** a moment of the last days: "14:32" today, "20/11/2026 14:32" another day, "—" never */
export function formatClockOrDate(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  return f.day(date) === f.day(now) ? f.time(date) : f.dateTime(date);
}

/** an activity's time within the last day ("há 5 minutos"), null when older */
function relativeActivityTime(date: Date, now: Date): string | null {
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return i18n.t("common:time.fewSecondsAgo");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n.t("common:time.minutesAgo", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return i18n.t("common:time.hoursAgo", { count: hours });
  return null;
}

/** activity time wording (docs/product.md, Screens) */
export function formatActivityTime(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  return relativeActivityTime(date, now) ?? f.dateTime(date);
}

/** an activity line's time: "há 5 minutos · 14:32"; older than a day it is already the full date */
export function formatActivityWhen(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  const relative = relativeActivityTime(date, now);
  if (relative === null) return f.dateTime(date);
  return i18n.t("common:time.withClock", { relative, time: f.time(date) });
}

/** intervals are stored in ms and shown in seconds ("5 s", "1 min 15 s") */
export function formatInterval(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return `${seconds} s`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** initials for avatars, uppercase */
export function initials(name: string, letters: 1 | 2 = 1): string {
  const clean = name.trim();
  return (clean.slice(0, letters) || "?").toUpperCase();
}
