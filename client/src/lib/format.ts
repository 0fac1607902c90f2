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

/** SPEC §9: margins with one decimal */
export function formatPercent(value: string | number | null | undefined): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value ?? "");
  return `${oneDecimal.format(Number.isFinite(amount) ? amount : 0)}%`;
}

export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "dd/MM/yyyy", { locale: pt }) : "—";
}

export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? format(date, "dd/MM/yyyy HH:mm", { locale: pt }) : "—";
}

/** SPEC §9 last-check rules */
export function formatLastCheck(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "Nunca";
  const seconds = Math.max(0, differenceInSeconds(now, date));
  if (seconds < 10) return "agora";
  if (seconds < 60) return `há ${seconds} s`;
  if (seconds < 3600) return `há ${Math.floor(seconds / 60)} min`;
  return format(date, "HH:mm", { locale: pt });
}

/** SPEC §9 activity rules */
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

/** DECISIONS §1: intervals are stored in ms and shown in seconds ("5 s", "1 min 15 s") */
export function formatInterval(ms: number): string {
  const totalSeconds = Math.max(0, Math.round(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (minutes === 0) return `${seconds} s`;
  return seconds === 0 ? `${minutes} min` : `${minutes} min ${seconds} s`;
}

/** SPEC §3: initials for avatars, uppercase */
export function initials(name: string, letters: 1 | 2 = 1): string {
  const clean = name.trim();
  return (clean.slice(0, letters) || "?").toUpperCase();
}
