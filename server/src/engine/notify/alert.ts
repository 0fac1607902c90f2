import { createFormatter } from "@common/format.js";
import { formatMoney } from "@common/money.js";
import { type AlertKey, type Language, LOCALE, languageOf, type Translate, translator } from "../../i18n.js";
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
  /**
   * the owner's language (Settings → Utilizador), set when the alert is queued: every channel
   * writes the alert in it; absent (rows queued before languages) = pt
   */
  language?: Language;
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

/** how one alert is written: the owner's language, its texts and its amounts */
export interface AlertText {
  language: Language;
  /** the html lang / Intl locale: pt-PT, en-GB, es-ES */
  locale: string;
  t: Translate;
  /** an amount in its own currency, as the language writes it */
  money(value: string | number | null | undefined, currency?: string): string;
  /** yyyy-MM-dd → the language's day (dd/MM/yyyy in all three) */
  day(isoDate: string | undefined): string;
  /** a product status's label ("Em Stock"); an unknown status as it came */
  status(status: string): string;
}

const texts = new Map<Language, AlertText>();

/** the texts of an alert for `language` (the alert's own, else pt-PT) */
export function alertText(language?: unknown): AlertText {
  const lang = languageOf(language);
  let text = texts.get(lang);
  if (!text) {
    const t = translator(lang);
    const locale = LOCALE[lang];
    const formatter = createFormatter({ language: lang });
    text = {
      language: lang,
      locale,
      t,
      money: (value, currency) => formatMoney(value, currency ?? "EUR", locale),
      day: (isoDate) =>
        /^\d{4}-\d{2}-\d{2}$/.test(isoDate ?? "") ? formatter.dateOnly(isoDate) : (isoDate ?? ""),
      status: (status) => t(`status.${status}` as AlertKey, { defaultValue: status }),
    };
    texts.set(lang, text);
  }
  return text;
}

/** the alert's title in `text`'s language (pt-PT unless told) */
export const alertTitle = (kind: AlertKind, text: AlertText = alertText()) => text.t(`title.${kind}`);

/**
 * One line for notifications.message and logs (pt-PT, like every stored record) or, given the
 * alert's own texts, for a channel's subject or summary.
 */
export function alertSummary(alert: AlertPayload, text: AlertText = alertText()): string {
  const { t } = text;
  switch (alert.kind) {
    case "restock":
    case "new_sizes":
      return `${alert.productName}: ${alertTitle(alert.kind, text).toLocaleLowerCase(text.locale)}${
        alert.newSizes.length ? ` (${alert.newSizes.join(", ")})` : ""
      }`;
    case "vinted_new_items":
      return `${t("summary.newItems", { name: alert.productName, n: alert.items?.length ?? 0 })}${
        alert.part && alert.part.count > 1
          ? t("summary.part", { index: alert.part.index, total: alert.part.count })
          : ""
      }`;
    case "weekly_report":
      return t("summary.weekly", { from: text.day(alert.report?.from), to: text.day(alert.report?.to) });
    case "check_failing":
      return t("summary.checkFailing", {
        name: alert.productName,
        error: alert.error ?? t("summary.unknownError"),
      });
    default:
      return `${alert.productName}: ${alertTitle(alert.kind, text).toLocaleLowerCase(text.locale)}`;
  }
}
