/**
 * Money is exact: amounts travel as decimal text ("12.50") and are computed in integer cents
 * (BigInt), never in floating point.
 */

const MONEY_PATTERN = /^-?\d{1,10}(?:\.\d{1,2})?$/;

/**
 * "12,50", "12.50", " 12 ", "1.234,56", "1 234,5" → "12.50" style text with 2 decimals;
 * null when the text is not an amount.
 */
export function parseMoney(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  if (typeof input === "number") {
    if (!Number.isFinite(input) || Math.abs(input) >= 1e9) return null;
    return withinRange(BigInt(Math.round(input * 100)));
  }
  let s = input.trim().replace(/\s|€/g, "");
  if (s === "") return null;
  const lastComma = s.lastIndexOf(",");
  const lastDot = s.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    // the later mark is the decimal one; the other groups thousands
    s = lastComma > lastDot ? s.replaceAll(".", "").replace(",", ".") : s.replaceAll(",", "");
  } else if (lastComma >= 0) {
    s = s.replace(",", ".");
  }
  if (!/^-?\d+(?:\.\d+)?$/.test(s)) return null;
  return withinRange(toCents(s));
}

/** the largest amount a money column (numeric 10,2) holds: 99 999 999,99 € */
export const MAX_MONEY_CENTS = 9_999_999_999n;

function withinRange(cents: bigint): string | null {
  return cents > MAX_MONEY_CENTS || cents < -MAX_MONEY_CENTS ? null : centsToDecimal(cents);
}

/** decimal text → integer cents, rounding half away from zero at the third decimal */
export function toCents(value: string | number): bigint {
  const s = typeof value === "number" ? value.toFixed(6) : value.trim();
  const negative = s.startsWith("-");
  const [whole, frac = ""] = s.replace(/^[-+]/, "").split(".");
  const padded = `${frac}000`;
  let cents = BigInt(whole || "0") * 100n + BigInt(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1n;
  return negative ? -cents : cents;
}

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

/** a stored amount ("29.95") as a form field shows it, with the pt-PT decimal comma ("29,95"); none: "" */
export function moneyFieldText(value: string | null | undefined): string {
  return value ? value.replace(".", ",") : "";
}

export function isMoneyText(value: string): boolean {
  return MONEY_PATTERN.test(value);
}

/** a + b − c … on decimal texts, exactly */
export function addMoney(...values: (string | null | undefined)[]): string {
  return centsToDecimal(values.reduce<bigint>((sum, v) => sum + (v ? toCents(v) : 0n), 0n));
}

export function subtractMoney(from: string, ...values: (string | null | undefined)[]): string {
  return centsToDecimal(values.reduce<bigint>((rest, v) => rest - (v ? toCents(v) : 0n), toCents(from)));
}

/** an amount × a whole number of units ("12.50" × 3 → "37.50"), exactly */
export function multiplyMoney(value: string, units: number): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`not a whole number of units: ${units}`);
  return centsToDecimal(toCents(value) * BigInt(units));
}

const RATE_PATTERN = /^\d{1,8}(?:\.\d{1,6})?$/;

/**
 * An exchange rate as typed ("0,9234", "1.08") → "0.923400", six decimals; null when it is not a
 * positive rate of at most six decimals.
 */
export function parseRate(input: string | number | null | undefined): string | null {
  if (input === null || input === undefined) return null;
  const text = (typeof input === "number" ? String(input) : input).trim().replace(",", ".");
  if (!RATE_PATTERN.test(text)) return null;
  const [whole, frac = ""] = text.split(".");
  const micros = BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, "0"));
  if (micros === 0n) return null;
  return `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, "0")}`;
}

/**
 * An amount in another currency × its rate (as parseRate gives it) → the books' amount, exactly
 * in integers and rounded once, half away from zero, to the cent: "12.99" × "0.923400" → "11.99"
 */
export function convertMoney(amount: string, rate: string): string {
  const cents = toCents(amount);
  const [whole, frac = ""] = rate.trim().split(".");
  const micros = BigInt(whole || "0") * 1_000_000n + BigInt(frac.padEnd(6, "0").slice(0, 6));
  const product = (cents < 0n ? -cents : cents) * micros;
  const rounded = (product + 500_000n) / 1_000_000n;
  return centsToDecimal(cents < 0n ? -rounded : rounded);
}

/** numerator ÷ denominator × 100 on decimal texts, rounded half away from zero to 2 decimals */
export function percentage(numerator: string, denominator: string): string | null {
  const num = toCents(numerator);
  const den = toCents(denominator);
  if (den === 0n) return null;
  const scaled = num * 10_000n;
  const absDen = den < 0n ? -den : den;
  const sign = scaled < 0n !== den < 0n ? -1n : 1n;
  const absScaled = scaled < 0n ? -scaled : scaled;
  const hundredths = (absScaled * 2n + absDen) / (2n * absDen);
  const text = `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
  return sign < 0n && hundredths !== 0n ? `-${text}` : text;
}

/** change of `recent` against `previous` in %, measured on the size of `previous`; null when it is 0 */
export function growth(recent: string, previous: string): string | null {
  const prev = toCents(previous);
  if (prev === 0n) return null;
  const diff = toCents(recent) - prev;
  const abs = (v: bigint) => (v < 0n ? -v : v);
  const sign = diff < 0n ? "-" : "";
  return percentage(`${sign}${centsToDecimal(abs(diff))}`, centsToDecimal(abs(prev)));
}

const eurFormatter = new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" });

/** "1234.5" → "1234,50 €" as pt-PT writes it */
export function formatEur(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return eurFormatter.format(0);
  const n = typeof value === "number" ? value : Number(value);
  return eurFormatter.format(Number.isFinite(n) ? n : 0);
}

const formatters = new Map<string, Intl.NumberFormat>([["EUR|pt-PT", eurFormatter]]);

/**
 * ISO 4217's code for "no currency": a retailer's amount whose currency the store states nowhere is
 * kept with it and shown as a bare number ("949,00"), never as euros (docs/decisions.md).
 */
export const NO_CURRENCY = "XXX";

/** Intl options for an amount in `code`: its currency style, or a plain two-decimal number for NO_CURRENCY */
export function amountFormatOptions(code: string): Intl.NumberFormatOptions {
  return code === NO_CURRENCY
    ? { minimumFractionDigits: 2, maximumFractionDigits: 2 }
    : { style: "currency", currency: code };
}

/**
 * An amount in its own currency as `locale` writes it (pt-PT unless told): "19800.00", "JPY" →
 * "19 800 JP¥"; "12.5", "PLN" → "12,50 PLN"; in en-GB "69.90", "EUR" → "€69.90". An amount is never
 * shown with € unless its currency is EUR.
 */
export function formatMoney(
  value: string | number | null | undefined,
  currency = "EUR",
  locale = "pt-PT",
): string {
  const code = /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : "EUR";
  let formatter = formatters.get(`${code}|${locale}`);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, amountFormatOptions(code));
    formatters.set(`${code}|${locale}`, formatter);
  }
  const n = typeof value === "number" ? value : Number(value ?? "");
  return formatter.format(Number.isFinite(n) ? n : 0);
}
