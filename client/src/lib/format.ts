import type { DateInput, Formatter } from "@common/format";
import { differenceInSeconds, isValid } from "date-fns";

/**
 * Wordings of times and intervals. Amounts, numbers, percentages and dates are written by the
 * user's Formatter (common/format.ts, `useFormat()` in lib/user-settings), which these take for
 * their clock times.
 */

export { isDateOnly } from "@common/format";

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** last-check wording (docs/product.md, Screens) */
export function formatLastCheck(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "Nunca";
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 10) return "agora";
  if (seconds < 60) return `há ${seconds} s`;
  if (seconds < 3600) return `há ${Math.floor(seconds / 60)} min`;
  return f.time(date);
}

/** a moment of the last days: "14:32" today, "20/11/2026 14:32" another day, "—" never */
export function formatClockOrDate(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  return f.day(date) === f.day(now) ? f.time(date) : f.dateTime(date);
}

/** activity time wording (docs/product.md, Screens) */
export function formatActivityTime(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return "há poucos segundos";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} ${hours === 1 ? "hora" : "horas"}`;
  return f.dateTime(date);
}

/** an activity line's time: "há 5 minutos · 14:32"; older than a day it is already the full date */
export function formatActivityWhen(value: DateInput, f: Formatter, now: Date = new Date()): string {
  const relative = formatActivityTime(value, f, now);
  const date = toDate(value);
  if (!date || !relative.startsWith("há ")) return relative;
  return `${relative} · ${f.time(date)}`;
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
