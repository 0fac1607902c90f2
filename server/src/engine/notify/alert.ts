import type { ProfileItem } from "../platforms/types.js";

export type AlertKind =
  | "restock"
  | "new_sizes"
  | "sold_out"
  | "vinted_new_items"
  | "vinted_holiday_on"
  | "vinted_holiday_off"
  | "check_failing"
  | "weekly_report";

/** The destination-neutral alert kept in notifications.payload; formatted per webhook at delivery. */
export interface AlertPayload {
  kind: AlertKind;
  productId: number;
  productName: string;
  productUrl: string;
  platform: string;
  status: string;
  imageUrl?: string | null;
  /** decimal text in `currency` */
  price?: string | null;
  /** ISO 4217 code of `price`; absent in alerts queued before currencies were kept = EUR */
  currency?: string;
  /** every size that can be bought now */
  sizes: string[];
  /** the sizes this alert is about (not in lastNotifiedSizes before) */
  newSizes: string[];
  cartLinks?: { size: string; url: string }[];
  items?: ProfileItem[];
  /** a Vinted drop split over several messages: this one's place (1-based) and how many */
  part?: { index: number; count: number };
  error?: string;
  /** ISO time of the check that saw it */
  at: string;
  /** only on a weekly_report (sent by e-mail) */
  report?: WeeklyReport;
}

/** the week's figures, computed when the report is queued */
export interface WeeklyReport {
  /** local dates of the week reported, yyyy-MM-dd, Monday and Sunday */
  from: string;
  to: string;
  timeZone: string;
  /** the currency the user's books are kept in (ISO 4217); absent in reports queued before = EUR */
  currency?: string;
  sales: number;
  /** decimal text in `currency` */
  revenue: string;
  profit: string;
  best: { name: string; profit: string }[];
  restocks: number;
  failing: string[];
}

const TITLES: Record<AlertKind, string> = {
  restock: "Em stock",
  new_sizes: "Novos tamanhos disponíveis",
  sold_out: "Esgotado",
  vinted_new_items: "Artigos novos",
  vinted_holiday_on: "Membro entrou em modo férias",
  vinted_holiday_off: "Membro voltou de férias",
  check_failing: "Falha na verificação",
  weekly_report: "Relatório semanal",
};

export const alertTitle = (kind: AlertKind) => TITLES[kind];

/** one line for notifications.message and logs */
export function alertSummary(alert: AlertPayload): string {
  switch (alert.kind) {
    case "restock":
    case "new_sizes":
      return `${alert.productName}: ${alertTitle(alert.kind).toLowerCase()}${
        alert.newSizes.length ? ` (${alert.newSizes.join(", ")})` : ""
      }`;
    case "vinted_new_items":
      return `${alert.productName}: ${alert.items?.length ?? 0} artigo(s) novo(s)${
        alert.part && alert.part.count > 1 ? ` (parte ${alert.part.index} de ${alert.part.count})` : ""
      }`;
    case "weekly_report":
      return `Relatório semanal de ${ptDate(alert.report?.from)} a ${ptDate(alert.report?.to)}`;
    case "check_failing":
      return `${alert.productName}: 3 verificações falhadas seguidas (${alert.error ?? "erro"})`;
    default:
      return `${alert.productName}: ${alertTitle(alert.kind).toLowerCase()}`;
  }
}

/** yyyy-MM-dd → dd/MM/yyyy */
export function ptDate(isoDate: string | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (isoDate ?? "");
}
