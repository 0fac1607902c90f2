import { centsToDecimal } from "@common/money.js";

/**
 * Prices as decimal text in euros ("29.95"). Retailers send cents (integers), decimals (numbers or
 * strings) or formatted text ("€12,34", "1.299,99 €"); every path goes through digit strings so no
 * float rounding error reaches a stored price.
 */

/**
 * A retailer's amount in cents, as it came: 2995 → "29.95", "129999" → "1299.99"; null for anything
 * that is not a whole, non-negative amount. The arithmetic is the books' own (common/money).
 */
export function priceFromCents(cents: unknown): string | null {
  const text = typeof cents === "number" ? (Number.isSafeInteger(cents) ? String(cents) : "") : cents;
  if (typeof text !== "string" || !/^\d+$/.test(text)) return null;
  return centsToDecimal(BigInt(text));
}

/**
 * A decimal amount in currency units: 119.95, "24.99", "24,99", "€12,34", "1.299,99 €", "1,299.99".
 * More than two decimals are rounded half-up on the digits themselves.
 */
export function decimalText(value: unknown): string | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    // shortest round-trip form, e.g. 17.99 → "17.99", 1e21 is not a price
    return value >= 1e15 ? null : normaliseDigits(numberToPlain(value));
  }
  if (typeof value !== "string") return null;
  const cleaned = value.replace(/[^\d.,]/g, "");
  if (!/\d/.test(cleaned)) return null;
  return normaliseDigits(splitDecimal(cleaned));
}

/**
 * "1.299,99" → "1299.99", "1,299.99" → "1299.99", "12,34" → "12.34", "1.299" → "1299": the last
 * separator is the decimal one unless it is followed by exactly three digits and no other kind of
 * separator came before (then it groups thousands).
 */
function splitDecimal(cleaned: string): string {
  const lastSep = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  if (lastSep < 0) return cleaned;
  const after = cleaned.slice(lastSep + 1);
  const before = cleaned.slice(0, lastSep);
  const sep = cleaned[lastSep];
  const otherSepBefore = before.includes(sep === "." ? "," : ".");
  const repeated = before.includes(sep);
  const groupsThousands = repeated || (after.length === 3 && !otherSepBefore);
  if (groupsThousands) return cleaned.replace(/[.,]/g, "");
  return `${before.replace(/[.,]/g, "") || "0"}.${after}`;
}

/** "12.5" → "12.50", "3.456" → "3.46", "007.1" → "7.10" */
function normaliseDigits(plain: string): string | null {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const frac = (match[2] ?? "").padEnd(3, "0");
  let cents = BigInt(match[1]) * 100n + BigInt(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1n;
  return centsToDecimal(cents);
}

function numberToPlain(value: number): string {
  const text = String(value);
  return text.includes("e") ? value.toFixed(6) : text;
}
