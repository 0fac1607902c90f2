import { TZDate } from "@date-fns/tz";
import { calendarDate } from "../aggregations.js";
import { z } from "../zod-pt.js";

/**
 * The books' period (Status, Vendas, Inventário, Ranking): every figure of those screens follows
 * it. Days are on the user's calendar (their zone); `custom` takes `from` and `to`, both included.
 * See docs/decisions.md, "O período dos livros".
 */
export const PERIOD_PRESETS = [
  "all",
  "this-month",
  "last-month",
  "this-year",
  "last-year",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** the Ranking's values before the shared period (`?period=month|year`): old links keep working */
const LEGACY_PRESETS: Record<string, PeriodPreset> = { month: "this-month", year: "this-year" };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

/** "2026-02-30" is not a day */
function isCalendarDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12) return false;
  return day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}
const inYears = (value: string) =>
  Number(value.slice(0, 4)) >= MIN_YEAR && Number(value.slice(0, 4)) <= MAX_YEAR;

const daySchema = z
  .string({ error: "Data inválida (use aaaa-mm-dd)" })
  .trim()
  .regex(DAY, "Data inválida (use aaaa-mm-dd)")
  .refine(inYears, `Data inválida (anos ${MIN_YEAR}–${MAX_YEAR})`)
  .refine(isCalendarDay, "Data inválida (esse dia não existe)");

/** the query fields of a period; a screen's own query schema spreads them and adds `checkPeriod` */
export const periodFields = {
  period: z.preprocess(
    (v) => (v === undefined || v === "" ? "all" : typeof v === "string" ? (LEGACY_PRESETS[v] ?? v) : v),
    z.enum(PERIOD_PRESETS, { error: "Período inválido" }),
  ),
  from: daySchema.optional(),
  to: daySchema.optional(),
};

/** a custom period needs both days, the first not after the last */
export function checkPeriod(
  query: { period: PeriodPreset; from?: string; to?: string },
  ctx: z.RefinementCtx,
): void {
  if (query.period !== "custom") return;
  if (!query.from)
    ctx.addIssue({ code: "custom", path: ["from"], message: "Indique o primeiro dia do período" });
  if (!query.to) ctx.addIssue({ code: "custom", path: ["to"], message: "Indique o último dia do período" });
  if (query.from && query.to && query.from > query.to) {
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: "O primeiro dia do período não pode ser depois do último",
    });
  }
}

/** `?period=&from=&to=`: all time when left out */
export const periodQuerySchema = z.object(periodFields).superRefine(checkPeriod);
export type Period = z.output<typeof periodQuerySchema>;

/** days on the user's calendar, "yyyy-MM-dd": `from` included, `to` excluded */
export interface DayRange {
  from: string;
  to: string;
}

/** a range of days and the instants it spans in the user's zone, [start, end) */
export interface InstantRange extends DayRange {
  start: Date;
  end: Date;
}

export interface PeriodWindow extends InstantRange {
  timeZone: string;
  /**
   * what "growth" compares: `current` is the period up to today (a running month or year stops
   * today), `previous` the same stretch of the month, year or number of days before it
   */
  comparison: { current: InstantRange; previous: InstantRange };
}

interface Ymd {
  year: number;
  month: number;
  day: number;
}

/** a day from its parts; parts out of range roll over (month 13 is January, day 0 the eve) */
const ymd = (year: number, month: number, day: number): Ymd => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const text = ({ year, month, day }: Ymd) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
const parse = (day: string): Ymd => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
  day: Number(day.slice(8, 10)),
});
const dayNumber = (d: Ymd) => Date.UTC(d.year, d.month - 1, d.day) / 86_400_000;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** midnight of a day in `timeZone`, as an instant */
const midnight = (d: Ymd, timeZone: string) =>
  new Date(new TZDate(d.year, d.month - 1, d.day, timeZone).getTime());

const range = (from: Ymd, to: Ymd, timeZone: string): InstantRange => ({
  from: text(from),
  to: text(to),
  start: midnight(from, timeZone),
  end: midnight(to, timeZone),
});

/** the later of two days */
const earlier = (a: Ymd, b: Ymd) => (dayNumber(a) <= dayNumber(b) ? a : b);

/**
 * The one place a period becomes days and instants: [start, end) on the calendar of `timeZone` at
 * `now`. All time has no window (null).
 */
export function periodWindow(period: Period, timeZone: string, now: Date = new Date()): PeriodWindow | null {
  if (period.period === "all") return null;
  const today = calendarDate(now, timeZone);
  const tomorrow = ymd(today.year, today.month, today.day + 1);
  let from: Ymd;
  let to: Ymd;
  let current: [Ymd, Ymd];
  let previous: [Ymd, Ymd];
  switch (period.period) {
    case "this-month": {
      from = ymd(today.year, today.month, 1);
      to = ymd(today.year, today.month + 1, 1);
      current = [from, tomorrow];
      // 1–29 Nov against 1–29 Oct; 1–31 Mar against the whole of February
      const before = ymd(today.year, today.month - 1, 1);
      previous = [before, earlier(ymd(before.year, before.month, today.day + 1), from)];
      break;
    }
    case "last-month": {
      from = ymd(today.year, today.month - 1, 1);
      to = ymd(today.year, today.month, 1);
      current = [from, to];
      previous = [ymd(today.year, today.month - 2, 1), from];
      break;
    }
    case "this-year": {
      from = ymd(today.year, 1, 1);
      to = ymd(today.year + 1, 1, 1);
      current = [from, tomorrow];
      // up to the same day of last year (29 Feb: up to the end of February)
      const sameDay = Math.min(today.day, daysInMonth(today.year - 1, today.month));
      previous = [ymd(today.year - 1, 1, 1), earlier(ymd(today.year - 1, today.month, sameDay + 1), from)];
      break;
    }
    case "last-year": {
      from = ymd(today.year - 1, 1, 1);
      to = ymd(today.year, 1, 1);
      current = [from, to];
      previous = [ymd(today.year - 2, 1, 1), from];
      break;
    }
    case "custom": {
      // the schema made sure both days are there and in order
      from = parse(period.from ?? text(today));
      const last = parse(period.to ?? period.from ?? text(today));
      to = ymd(last.year, last.month, last.day + 1);
      current = [from, to];
      const length = dayNumber(to) - dayNumber(from);
      previous = [ymd(from.year, from.month, from.day - length), from];
      break;
    }
  }
  return {
    ...range(from, to, timeZone),
    timeZone,
    comparison: {
      current: range(current[0], current[1], timeZone),
      previous: range(previous[0], previous[1], timeZone),
    },
  };
}

/** the last day a range holds (its `to` is the day after it) */
export function lastDay(range: DayRange): string {
  const date = new Date(`${range.to}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** the URL's form of a period: "" for all time, else "period=…" (and the days of a custom one) */
export function periodSearch(period: Period): string {
  if (period.period === "all") return "";
  const params = new URLSearchParams({ period: period.period });
  if (period.period === "custom") {
    if (period.from) params.set("from", period.from);
    if (period.to) params.set("to", period.to);
  }
  return params.toString();
}

/** a period read from a URL's search: what the server would accept, else all time */
export function periodFromSearch(search: string | URLSearchParams): Period {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const parsed = periodQuerySchema.safeParse({
    period: params.get("period") ?? undefined,
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  return parsed.success ? parsed.data : { period: "all" };
}
