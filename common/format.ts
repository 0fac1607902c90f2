/**
 * How the user's figures and dates are written: every amount, number, percentage and date on the
 * screens and in the exports goes through a Formatter made from the user's saved language, time
 * zone and books currency (Settings → Utilizador), with Intl.
 */
import { amountFormatOptions } from "./money.js";
import { DEFAULT_USER_SETTINGS, type UserSettings } from "./schemas/settings.js";

export type FormatPreferences = Pick<UserSettings, "language" | "timezone" | "currency">;

export type DateInput = Date | string | number | null | undefined;

/** the region each language is written in: Portugal's users, European English and Spanish */
const LOCALES: Record<UserSettings["language"], string> = { pt: "pt-PT", en: "en-GB", es: "es-ES" };

export interface Formatter {
  readonly locale: string;
  readonly timeZone: string;
  /** the currency the books are kept in (ISO 4217) */
  readonly currency: string;
  /** "€", "US$", "£" as the language writes it */
  readonly currencySymbol: string;
  /** an amount of the books: "1 234,56 €" (pt), "US$1,234.56" (en) */
  money(value: string | number | null | undefined): string;
  /** a retailer's price in the currency the retailer gave, never the books currency */
  price(value: string | number | null | undefined, currency: string | null | undefined): string;
  /** a plain number with at most `maxDecimals` decimals */
  number(value: string | number | null | undefined, maxDecimals?: number): string;
  /** a percentage with one decimal: "34,6 %" (pt, es), "34.6%" (en) */
  percent(value: string | number | null | undefined): string;
  /** dd/MM/yyyy on the user's calendar; "—" when there is no date */
  date(value: DateInput): string;
  /** dd/MM/yyyy HH:mm on the user's clock */
  dateTime(value: DateInput): string;
  /** dd/MM/yyyy HH:mm:ss on the user's clock */
  dateTimeSeconds(value: DateInput): string;
  /** HH:mm on the user's clock */
  time(value: DateInput): string;
  /** HH:mm:ss on the user's clock */
  timeSeconds(value: DateInput): string;
  /** a day stored without a time (00:00 UTC, e.g. a purchase date): that day wherever the user is */
  dateOnly(value: DateInput): string;
  /** a sale's date: the day alone when it was recorded without a time (see isDateOnly) */
  saleDate(value: DateInput): string;
  /** "11/2026" (the server's month key) → "novembro de 2026"; anything else as it came */
  monthName(monthKey: string): string;
  /** "2026-03" → "mar/26", the months under a chart */
  monthShort(key: string): string;
  /** the day an instant falls on in the user's zone: "2026-11-22" */
  day(value: Date | string | number): string;
  /** the day a sale belongs to: a sale kept without a time (see isDateOnly) is its own day anywhere */
  saleDay(value: string): string;
  /** the month an instant falls in in the user's zone: "2026-11" */
  month(value: Date | string | number): string;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const toNumber = (value: string | number | null | undefined) => {
  const n = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : 0;
};

/** a sale recorded for a past day carries no time: it is stored as that day at 00:00 UTC */
export function isDateOnly(value: DateInput): boolean {
  return typeof value === "string" && /T00:00:00(\.000)?Z$/.test(value);
}

function build({ language, timezone, currency }: FormatPreferences): Formatter {
  const locale = LOCALES[language] ?? LOCALES.pt;
  // "1 234,56 €": grouped from four digits, as the product writes amounts in every language
  const moneyFormat = (code: string) =>
    new Intl.NumberFormat(locale, { ...amountFormatOptions(code), useGrouping: "always" });
  const books = moneyFormat(currency);
  const prices = new Map<string, Intl.NumberFormat>([[currency, books]]);
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const numbers = new Map<number, Intl.NumberFormat>();
  const dateFormat = (zone: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, day: "2-digit", month: "2-digit", year: "numeric" });
  const dates = dateFormat(timezone);
  const utcDates = dateFormat("UTC");
  const clock = (seconds: boolean) =>
    new Intl.DateTimeFormat(locale, {
      timeZone: timezone,
      hour: "2-digit",
      minute: "2-digit",
      second: seconds ? "2-digit" : undefined,
      hourCycle: "h23",
    });
  const times = clock(false);
  const timesWithSeconds = clock(true);
  const longMonth = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "long", year: "numeric" });
  const shortMonth = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short" });
  const percentSpace = language === "en" ? "" : "\u00a0";

  const withDate = (value: DateInput, write: (date: Date) => string) => {
    const date = toDate(value);
    return date ? write(date) : "—";
  };
  // en-CA writes a day as yyyy-MM-dd
  const isoDays = new Intl.DateTimeFormat("en-CA", {
    timeZone: timezone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });

  return {
    locale,
    timeZone: timezone,
    currency,
    currencySymbol: books.formatToParts(0).find((p) => p.type === "currency")?.value ?? currency,
    money: (value) => books.format(toNumber(value)),
    price(value, code) {
      const key = code && /^[A-Za-z]{3}$/.test(code) ? code.toUpperCase() : "EUR";
      let format = prices.get(key);
      if (!format) {
        format = moneyFormat(key);
        prices.set(key, format);
      }
      return format.format(toNumber(value));
    },
    number(value, maxDecimals = 2) {
      let format = numbers.get(maxDecimals);
      if (!format) {
        format = new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals });
        numbers.set(maxDecimals, format);
      }
      return format.format(toNumber(value));
    },
    percent: (value) => `${oneDecimal.format(toNumber(value))}${percentSpace}%`,
    date: (value) => withDate(value, (d) => dates.format(d)),
    dateTime: (value) => withDate(value, (d) => `${dates.format(d)} ${times.format(d)}`),
    dateTimeSeconds: (value) => withDate(value, (d) => `${dates.format(d)} ${timesWithSeconds.format(d)}`),
    time: (value) => withDate(value, (d) => times.format(d)),
    timeSeconds: (value) => withDate(value, (d) => timesWithSeconds.format(d)),
    dateOnly: (value) => withDate(value, (d) => utcDates.format(d)),
    saleDate: (value) =>
      isDateOnly(value)
        ? withDate(value, (d) => utcDates.format(d))
        : withDate(value, (d) => `${dates.format(d)} ${times.format(d)}`),
    monthName(monthKey) {
      const match = /^(\d{2})\/(\d{4})$/.exec(monthKey);
      return match ? longMonth.format(Date.UTC(Number(match[2]), Number(match[1]) - 1, 1)) : monthKey;
    },
    monthShort(key) {
      const match = /^(\d{4})-(\d{2})$/.exec(key);
      if (!match) return key;
      const name = shortMonth.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)).replace(/\.$/, "");
      return `${name}/${match[1].slice(-2)}`;
    },
    day: (value) => isoDays.format(new Date(value)),
    saleDay: (value) => (isDateOnly(value) ? value.slice(0, 10) : isoDays.format(new Date(value))),
    month: (value) => isoDays.format(new Date(value)).slice(0, 7),
  };
}

const made = new Map<string, Formatter>();

/** one Formatter per set of preferences, kept: Intl formatters are costly to make */
export function createFormatter(preferences: Partial<FormatPreferences> = {}): Formatter {
  const prefs: FormatPreferences = {
    language: preferences.language ?? DEFAULT_USER_SETTINGS.language,
    timezone: preferences.timezone ?? DEFAULT_USER_SETTINGS.timezone,
    currency: preferences.currency ?? DEFAULT_USER_SETTINGS.currency,
  };
  const key = `${prefs.language}|${prefs.timezone}|${prefs.currency}`;
  let formatter = made.get(key);
  if (!formatter) {
    formatter = build(prefs);
    made.set(key, formatter);
  }
  return formatter;
}
