/**
 * CSV export that Excel in Portugal opens as the user expects: `;` between cells (the comma is the
 * decimal mark in pt-PT), CRLF lines and a UTF-8 byte-order mark so accents survive.
 * Cells that a spreadsheet would run as a formula are neutralised (CSV injection).
 */

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

/** one cell, neutralised and quoted when needed */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? csvNumber(value) : String(value);
  // spreadsheets skip leading spaces before a formula, so the guard looks at the trimmed cell
  const trimmed = text.replace(/^ +| +$/g, "");
  if (FORMULA_START.test(trimmed) && !PLAIN_NUMBER.test(trimmed)) text = `'${text}`;
  // ',' too (but not in a plain decimal): a file opened where ',' separates must not split a cell
  if (/[;"\r\n]/.test(text) || (text.includes(",") && !PLAIN_NUMBER.test(text)))
    text = `"${text.replaceAll('"', '""')}"`;
  return text;
}

function csvNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(n).replace(".", ",");
}

/** the whole file: BOM, header row, then the rows */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** "inventario_2026-11-22.csv" */
export function csvFileName(prefix: string, date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${prefix}_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
