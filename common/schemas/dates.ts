import { z } from "../zod-pt.js";

/** "2026-11-22" or an ISO date-time: nothing else is a date (not `true`, not a number, not "1-1-1") */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** a calendar date sent by a form, within years 1900–2100 */
export const dateInputSchema = (message: string) =>
  z.preprocess(
    // forms hand over the Date this schema produced; JSON carries it as its ISO text
    (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : v),
    dateText(message),
  );

const dateText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(ISO_DATE, message)
    .transform((v, ctx) => {
      const date = new Date(v);
      const year = Number(v.slice(0, 4));
      if (Number.isNaN(date.getTime()) || year < MIN_YEAR || year > MAX_YEAR) {
        ctx.addIssue({ code: "custom", message: `${message} (anos ${MIN_YEAR}–${MAX_YEAR})` });
        return z.NEVER;
      }
      if (!isOnTheCalendar(v)) {
        ctx.addIssue({ code: "custom", message: `${message} (esse dia não existe)` });
        return z.NEVER;
      }
      return date;
    });

/**
 * Date would roll "2024-02-30" over to 1 March and "T24:00" to the next day: the day must exist in
 * its month and the time on the clock.
 */
function isOnTheCalendar(v: string): boolean {
  const [year, month, day] = [Number(v.slice(0, 4)), Number(v.slice(5, 7)), Number(v.slice(8, 10))];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return false;
  const time = /^[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(v.slice(10));
  if (!time) return true;
  return Number(time[1]) <= 23 && Number(time[2]) <= 59 && Number(time[3] ?? 0) <= 59;
}

/** a calendar day sent as "yyyy-MM-dd" (or an ISO date-time, whose UTC day is taken) → "yyyy-MM-dd" */
export const dayInputSchema = (message: string) =>
  dateInputSchema(message).transform((date) => (date as Date).toISOString().slice(0, 10));
