import type { Formatter } from "@common/format";
import { i18n } from "@/lib/i18n";

/** "3 meses e 12 dias", "1 mês e 1 dia", "Hoje", in the language in force */
export function formatMembership({ months, days }: { months: number; days: number }): string {
  if (months === 0 && days === 0) return i18n.t("status:membership.today");
  const m = i18n.t("status:membership.months", { count: months });
  const d = i18n.t("status:membership.days", { count: days });
  if (months === 0) return d;
  if (days === 0) return m;
  return i18n.t("status:membership.monthsAndDays", { months: m, days: d });
}

/** a ratio the server could not compute (nothing to divide by) shows as a dash */
export function formatOptionalPercent(value: string | null, f: Formatter): string {
  return value === null ? "—" : f.percent(value);
}

export function formatGrowth(value: string | null, f: Formatter): string {
  if (value === null) return "—";
  return `${value.startsWith("-") ? "" : "+"}${f.percent(value)}`;
}

export function growthTone(value: string | null) {
  if (value === null) return "muted" as const;
  return value.startsWith("-") ? ("destructive" as const) : ("success" as const);
}
