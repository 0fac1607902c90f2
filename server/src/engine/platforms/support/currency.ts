/**
 * Which currency an amount is in, from what the store states, and how many decimals its minor unit
 * has. An amount whose currency nothing states is kept without one (NO_CURRENCY), never as euros.
 */
import currencyCodes from "currency-codes";
import { NO_CURRENCY } from "@common/money.js";
import { isoCurrency } from "./verdict";

export { NO_CURRENCY };

/**
 * Decimals of the currency's minor unit by ISO 4217 (the `currency-codes` data): 2 for EUR, 0 for JPY
 * and KRW, 3 for KWD and BHD; 2 for a code the list does not know.
 */
export function minorUnitDigits(currency: string | undefined): number {
  const code = isoCurrency(currency);
  return (code ? currencyCodes.code(code)?.digits : undefined) ?? 2;
}

/**
 * An amount in the currency's minor units as decimal text: (2255, "JPY") → "2255.00", (2995, "EUR")
 * → "29.95", (12345, "KWD") → "12.35" (prices are kept to two decimals, rounded half up). Null for
 * anything that is not a whole, non-negative amount.
 */
export function priceFromMinorUnits(value: unknown, currency: string | undefined): string | null {
  const digits = typeof value === "number" ? (Number.isSafeInteger(value) ? String(value) : "") : value;
  if (typeof digits !== "string" || !/^\d+$/.test(digits)) return null;
  const scale = minorUnitDigits(currency);
  const units = BigInt(digits);
  // to hundredths of the major unit, half up
  const hundredths =
    scale === 2
      ? units
      : scale < 2
        ? units * 10n ** BigInt(2 - scale)
        : roundDiv(units, 10n ** BigInt(scale - 2));
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}

const roundDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/**
 * The currency of the stores of a country (ISO 3166 alpha-2 in a retailer's URL: /pt/, /us/, PT-pt_PT),
 * for retailers whose answers state amounts but not their currency. Undefined for a country not
 * listed: the amount is then shown without a currency.
 */
export function countryCurrency(country: string | undefined): string | undefined {
  const cc = country?.trim().toUpperCase();
  if (!cc) return undefined;
  if (EURO_COUNTRIES.has(cc)) return "EUR";
  return OTHER_CURRENCIES[cc];
}

const EURO_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
  "AD",
  "MC",
  "SM",
  "VA",
  "ME",
  "XK",
]);

const OTHER_CURRENCIES: Readonly<Record<string, string>> = {
  US: "USD",
  GB: "GBP",
  UK: "GBP",
  CH: "CHF",
  PL: "PLN",
  CZ: "CZK",
  HU: "HUF",
  RO: "RON",
  SE: "SEK",
  DK: "DKK",
  NO: "NOK",
  IS: "ISK",
  CA: "CAD",
  MX: "MXN",
  BR: "BRL",
  AR: "ARS",
  CL: "CLP",
  CO: "COP",
  PE: "PEN",
  UY: "UYU",
  AU: "AUD",
  NZ: "NZD",
  JP: "JPY",
  KR: "KRW",
  CN: "CNY",
  HK: "HKD",
  TW: "TWD",
  SG: "SGD",
  MY: "MYR",
  TH: "THB",
  PH: "PHP",
  ID: "IDR",
  VN: "VND",
  IN: "INR",
  TR: "TRY",
  IL: "ILS",
  AE: "AED",
  SA: "SAR",
  QA: "QAR",
  KW: "KWD",
  BH: "BHD",
  OM: "OMR",
  EG: "EGP",
  MA: "MAD",
  ZA: "ZAR",
  UA: "UAH",
  RS: "RSD",
  BA: "BAM",
  MK: "MKD",
  AL: "ALL",
  GE: "GEL",
  AM: "AMD",
  KZ: "KZT",
};

/**
 * The currency a product page states once, wherever it says it: Shopify's `Shopify.currency.active`,
 * Open Graph `og:price:currency` / `product:price:currency`, microdata `itemprop="priceCurrency"`, or
 * a JSON-LD `priceCurrency`. Undefined when the page states none (or several that disagree).
 */
export function currencyStatedByPage(html: string): string | undefined {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    const code = isoCurrency(value);
    if (code && code !== NO_CURRENCY) found.add(code);
  };
  add(/Shopify\.currency\s*=\s*\{[^}]*?["']?active["']?\s*:\s*["']([A-Za-z]{3})["']/.exec(html)?.[1]);
  if (found.size === 0) {
    for (const m of html.matchAll(/<meta\b[^>]*>/gi)) {
      const tag = m[0];
      if (
        /(?:property|name|itemprop)=["'](?:og:price:currency|product:price:currency|priceCurrency)["']/i.test(
          tag,
        )
      )
        add(/content=["']([^"']*)["']/i.exec(tag)?.[1]);
    }
    for (const m of html.matchAll(/"priceCurrency"\s*:\s*"([A-Za-z]{3})"/g)) add(m[1]);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
