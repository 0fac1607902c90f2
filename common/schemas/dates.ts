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
      return date;
    });
