import { formatMoney } from "@common/money";
import { differenceInSeconds, format, isValid } from "date-fns";
import { pt } from "date-fns/locale";

type DateInput = Date | string | number | null | undefined;

const euro = new Intl.NumberFormat("pt-PT", { style: "currency", currency: "EUR" });
const oneDecimal = new Intl.NumberFormat("pt-PT", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** Money arrives as decimal text ("12.50"); formatting is the only place it becomes a number. */
export function formatEuro(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return euro.format(Number.isFinite(amount) ? amount : 0);
}

/** a monitored product's price in the currency the shop answered in ("19 800 JP¥"), never € for others */
export function formatPrice(value: string | null | undefined, currency: string | null | undefined): string {
  return formatMoney(value, currency ?? "EUR");
}

/** margins with one decimal, spaced from the sign as pt-PT writes them ("34,6 %") */
export function formatPercent(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return `${oneDecimal.format(Number.isFinite(amount) ? amount : 0)}\u00a0%`;
}

/** "11/2026" (the server's month key) → "novembro de 2026"; anything else is shown as it came */
export function formatMonthName(monthKey: string): string {
  const match = /^(\d{2})\/(\d{4})$/.exec(monthKey);
  if (!match) return monthKey;
  const date = new Date(Number(match[2]), Number(match[1]) - 1, 1);
  return format(date, "LLLL 'de' yyyy", { locale: pt });
}

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "dd/MM/yyyy", { locale: pt }) : "—";
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "dd/MM/yyyy HH:mm", { locale: pt }) : "—";
}

/** a sale recorded for a past day carries no time: it is stored as that day at 00:00 UTC */
export function isDateOnly(value: DateInput): boolean {
  return typeof value === "string" && /T00:00:00(\.000)?Z$/.test(value);
}

/** a sale's date: with its time when one was recorded, the day alone when not */
export function formatSaleDate(value: DateInput): string {
  if (typeof value === "string" && isDateOnly(value)) {
    const [year, month, day] = value.slice(0, 10).split("-");
    return `${day}/${month}/${year}`;
  }
  return formatDateTime(value);
}

/** last-check wording (docs/product.md, Screens) */
export function formatLastCheck(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "Nunca";
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 10) return "agora";
  if (seconds < 60) return `há ${seconds} s`;
  if (seconds < 3600) return `há ${Math.floor(seconds / 60)} min`;
  return format(date, "HH:mm", { locale: pt });
}

/** activity time wording (docs/product.md, Screens) */
export function formatActivityTime(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "—";
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 60) return "há poucos segundos";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `há ${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `há ${hours} ${hours === 1 ? "hora" : "horas"}`;
  return format(date, "dd/MM/yyyy HH:mm", { locale: pt });
}

/** an activity line's time: "há 5 minutos · 14:32"; older than a day it is already the full date */
export function formatActivityWhen(value: DateInput, now: Date = new Date()): string {
  const relative = formatActivityTime(value, now);
  const date = toDate(value);
  if (!date || !relative.startsWith("há ")) return relative;
  return `${relative} · ${format(date, "HH:mm", { locale: pt })}`;
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
