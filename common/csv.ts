/**
 * CSV export that Excel in Portugal opens as the user expects: `;` between cells (the comma is the
 * decimal mark in pt-PT), CRLF lines and a UTF-8 byte-order mark so accents survive.
 * Cells that a spreadsheet would run as a formula are neutralised (CSV injection).
 */

// the browser build: this module runs in the client too, where Node's Buffer does not exist
import { stringify } from "csv-stringify/browser/esm/sync";

export type CsvValue = string | number | bigint | boolean | null | undefined;

export const CSV_SEPARATOR = ";";
export const CSV_BOM = "\uFEFF";
export const CSV_MIME = "text/csv;charset=utf-8";

const FORMULA_START = /^[=+\-@\t\r]/;
/** a plain number ("-12,50", "3") is data, not a formula, and keeps its sign */
const PLAIN_NUMBER = /^-?\d+(?:,\d+)?$/;

/** decimal text "1234.5" → "1234,50" (no thousands grouping: Excel reads it as a number) */
export function csvDecimal(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === "") return "";
  const text = typeof value === "number" ? value.toFixed(decimals) : value.trim();
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) return text;
  const [, sign, whole, frac = ""] = match;
  const fraction = decimals > 0 ? `,${frac.padEnd(decimals, "0").slice(0, decimals)}` : "";
  return `${sign}${whole || "0"}${fraction}`;
}

const STRINGIFY_OPTIONS = {
  delimiter: CSV_SEPARATOR,
  record_delimiter: "windows",
  // ',' too (but not in a plain decimal): a file opened where ',' separates must not split a cell
  quoted_match: /^(?!-?\d+(?:,\d+)?$).*,/s,
  cast: {
    string: neutralise,
    number: csvNumber,
    bigint: (n: bigint) => String(n),
    boolean: (b: boolean) => (b ? "true" : "false"),
  },
} as const;

/** a cell a spreadsheet would run as a formula gets a leading apostrophe */
function neutralise(text: string): string {
  // spreadsheets skip leading spaces before a formula, so the guard looks at the trimmed cell
  const trimmed = text.replace(/^ +| +$/g, "");
  return FORMULA_START.test(trimmed) && !PLAIN_NUMBER.test(trimmed) ? `'${text}` : text;
}

/** one cell, neutralised and quoted when needed */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  return stringify([[value]], { ...STRINGIFY_OPTIONS, record_delimiter: "" });
}

function csvNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n).replace(".", ",");
}

/** the whole file: BOM, header row, then the rows; quoting by csv-stringify */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return CSV_BOM + stringify([headers, ...rows] as unknown[][], STRINGIFY_OPTIONS);
}
