import type { ProfileItem } from "../platforms/types.js";

export type AlertKind =
  | "restock"
  | "new_sizes"
  | "sold_out"
  | "vinted_new_items"
  | "vinted_holiday_on"
  | "vinted_holiday_off"
  | "check_failing";

/** The destination-neutral alert kept in notifications.payload; formatted per webhook at delivery. */
export interface AlertPayload {
  kind: AlertKind;
  productId: number;
  productName: string;
  productUrl: string;
  platform: string;
  status: string;
  imageUrl?: string | null;
  /** decimal text in euros */
  price?: string | null;
  /** every size that can be bought now */
  sizes: string[];
  /** the sizes this alert is about (not in lastNotifiedSizes before) */
  newSizes: string[];
  cartLinks?: { size: string; url: string }[];
  items?: ProfileItem[];
  error?: string;
  /** ISO time of the check that saw it */
  at: string;
}

const TITLES: Record<AlertKind, string> = {
  restock: "Em stock",
  new_sizes: "Novos tamanhos disponíveis",
  sold_out: "Esgotado",
  vinted_new_items: "Artigos novos",
  vinted_holiday_on: "Membro entrou em modo férias",
  vinted_holiday_off: "Membro voltou de férias",
  check_failing: "Falha na verificação",
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
      return `${alert.productName}: ${alert.items?.length ?? 0} artigo(s) novo(s)`;
    case "check_failing":
      return `${alert.productName}: 3 verificações falhadas seguidas (${alert.error ?? "erro"})`;
    default:
      return `${alert.productName}: ${alertTitle(alert.kind).toLowerCase()}`;
  }
}
