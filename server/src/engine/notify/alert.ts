import type { AlertKind, FailureReason } from "@common/activity.js";
import { createFormatter, type FormatPreferences } from "@common/format.js";
import { formatMoney } from "@common/money.js";
import { type AlertKey, type Language, LOCALE, languageOf, type Translate, translator } from "../../i18n.js";
import type { SearchItem } from "@common/search-rules.js";

export type { AlertKind } from "@common/activity.js";

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
  /** Vinted member or search items (a profile's carry fewer of the fields) */
  items?: SearchItem[];
  /** price_drop: the price before (the last alerted one), in `currency` */
  previousPrice?: string;
  /** a Vinted drop split over several messages: this one's place (1-based) and how many */
  part?: { index: number; count: number };
  error?: string;
  /** check_failing: why (absent in alerts queued before reasons were kept) */
  reason?: FailureReason;
  /** check_failing / check_recovered: ISO time since which the monitor could not see */
  since?: string;
  /** ISO time of the check that saw it */
  at: string;
  /** only on a weekly_report (sent by e-mail) */
  report?: WeeklyReport;
  /**
   * the owner's language (Settings → Utilizador), set when the alert is queued: every channel
   * writes the alert in it; absent (rows queued before languages) = pt
   */
  language?: Language;
  /** the owner's time zone (Settings → Utilizador), set with the language: times an alert names */
  timezone?: string;
  /**
   * the app's public address (PUBLIC_URL), added at delivery, never stored: an alert a purchase may
   * follow then carries the app link that opens "Comprei" for it (`compreiLink`)
   */
  appUrl?: string;
}

/** the alerts after which the reseller may have bought the product itself */
const BUYABLE_KINDS = new Set<AlertKind>(["restock", "new_sizes", "price_drop"]);
/** the alerts about a search's matches: each match is a purchase of its own */
const MATCH_KINDS = new Set<AlertKind>(["search_new_items", "search_restock"]);

/**
 * The app's "Comprei" for this alert's monitor (/inventory?comprei=<monitor id>): the new-item
 * dialog filled from it, two taps from the alert to the inventory. Null without PUBLIC_URL, or for
 * an alert no purchase follows (sold out, failing checks, a Vinted member's wardrobe, the report).
 */
export function compreiLink(alert: AlertPayload): string | null {
  if (!alert.appUrl || !BUYABLE_KINDS.has(alert.kind)) return null;
  return `${alert.appUrl}/inventory?comprei=${alert.productId}`;
}

/** the same for one of a search's matches (&resultado=<match id>) */
export function compreiItemLink(alert: AlertPayload, item: SearchItem): string | null {
  if (!alert.appUrl || !MATCH_KINDS.has(alert.kind)) return null;
  return `${alert.appUrl}/inventory?comprei=${alert.productId}&resultado=${encodeURIComponent(item.id)}`;
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
  /** the week's expenses; absent in reports queued before they were listed */
  expenses?: string;
  /** the sales' profit less the week's expenses */
  profit: string;
  best: { name: string; profit: string }[];
  /** the week's sales recorded in another currency, in none of the figures; absent in older reports */
  otherCurrencySales?: number;
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

/** "45 s", "3 min", "2 h", "4 d": how long before `at` the item was published */
export function elapsed(publishedAt: string | undefined, at: string): string | null {
  const ms = Date.parse(at) - Date.parse(publishedAt ?? "");
  if (!Number.isFinite(ms)) return null;
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172_800) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86_400)} d`;
}

/** the alert's price, "45,99 € → 35,99 €" when it fell */
export function alertPriceText(alert: AlertPayload, text: AlertText): string {
  const now = text.money(alert.price, alert.currency);
  return alert.previousPrice ? `${text.money(alert.previousPrice, alert.currency)} → ${now}` : now;
}

/** an item's price for a line of text: "35,00 €", with the buyer's total when it differs */
export function itemPriceText(item: SearchItem, text: AlertText): string {
  if (!item.price) return "";
  const price = text.money(item.price, item.currency);
  return item.totalPrice && item.totalPrice !== item.price
    ? `${price} (${text.t("label.total")}: ${text.money(item.totalPrice, item.currency)})`
    : price;
}

/** the wall named after a blocked check's reason ("bloqueado (Cloudflare)" → "Cloudflare") */
export const wallOfError = (error: string | undefined): string | undefined =>
  /\(([^)]+)\)$/.exec(error ?? "")?.[1];

/**
 * why the monitor could not check, in `text`'s language: its reason and the wall that blocked it
 * ("blocked (Cloudflare)"); an alert queued before reasons were kept says its stored words
 */
export function alertError(alert: AlertPayload, text: AlertText = alertText()): string | undefined {
  if (!alert.reason) return alert.error;
  const label = text.t(`reason.${alert.reason}`);
  const wall = wallOfError(alert.error);
  return wall ? `${label} (${wall})` : label;
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
    case "search_new_items":
    case "search_restock":
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
        since: sinceTime(alert),
        error: alertError(alert, text) ?? t("summary.unknownError"),
      });
    case "check_recovered":
      return t("summary.checkRecovered", { name: alert.productName, since: sinceTime(alert) });
    case "paused_not_found":
      return t("summary.pausedNotFound", { name: alert.productName });
    case "price_drop":
      return `${alert.productName}: ${text.money(alert.previousPrice, alert.currency)} → ${text.money(alert.price, alert.currency)}`;
    default:
      return `${alert.productName}: ${alertTitle(alert.kind, text).toLocaleLowerCase(text.locale)}`;
  }
}

/** HH:mm of `since` on the owner's clock (Lisbon unless their settings say otherwise) */
function sinceTime(alert: AlertPayload): string {
  const zone = alert.timezone as FormatPreferences["timezone"] | undefined;
  return createFormatter({ language: languageOf(alert.language), timezone: zone }).time(
    alert.since ?? alert.at,
  );
}
