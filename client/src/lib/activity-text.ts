/**
 * The one place an activity line becomes words: its code and parameters (common/activity.ts),
 * written in the language in force, amounts and times in the user's format. History, the Status
 * summary and the Monitor's recent activity all show lines through here.
 */
import type { ActivityParams } from "@common/activity";
import { createFormatter, type Formatter } from "@common/format";
import type { ActivityEntry } from "@common/schemas/activity";
import { activityTitle } from "@common/status";
import { i18n, translateMessage } from "./i18n";

export type ActivityTextEntry = Pick<ActivityEntry, "action" | "code" | "params" | "message">;

/** where no user's Formatter is at hand: the language in force with the default zone and currency */
const defaultFormatter = () =>
  createFormatter({ language: (["pt", "en", "es"] as const).find((l) => l === i18n.language) ?? "pt" });

const t = (key: string, options?: Record<string, unknown>): string =>
  String(i18n.t(`common:activityText.${key}` as "common:activityText.search", options as never));

/** a key of `group` when the catalogue has it, else the value as it came */
const known = (group: string, value: string | undefined): string =>
  value === undefined ? "" : t(`${group}.${value}`, { defaultValue: value });

const statusLabel = (status: string | undefined) =>
  status === undefined
    ? ""
    : String(
        i18n.t(`common:productStatus.${status}` as "common:productStatus.in_stock", { defaultValue: status }),
      );

/** an ISO instant on the user's clock; an "HH:mm" read back from an old line as it is */
const timeOf = (since: string | undefined, f: Formatter) =>
  since && /^\d{4}-\d{2}-\d{2}T/.test(since) ? f.time(since) : (since ?? "");

/** yyyy-MM-dd as the user writes days; a dd/MM/yyyy read back from an old line as it is */
const dayOf = (day: string | undefined, f: Formatter) =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? f.dateOnly(day) : (day ?? "");

const joined = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" · ");

/** " (HTTP 403)", " (Cloudflare)", " (the adapter's words)": what a failure's reason does not say */
function failureDetail(p: ActivityParams): string {
  if (p.httpStatus !== undefined) return ` (${t("http", { status: p.httpStatus })})`;
  if (p.wall) return ` (${p.wall})`;
  return p.detail ? ` (${p.detail})` : "";
}

/** what an alert was about: "em stock (M, L)", "3 artigos novos (parte 1 de 2)", "preço baixou: …" */
export function alertText(p: ActivityParams, f: Formatter): string {
  const sizes = p.sizes?.length ? ` (${p.sizes.join(", ")})` : "";
  switch (p.alert) {
    case "restock":
    case "new_sizes":
      return `${t(`alert.${p.alert}`)}${sizes}`;
    case "vinted_new_items":
    case "search_new_items":
    case "search_restock": {
      const part = p.parts && p.parts > 1 ? ` (${t("alert.part", { part: p.part, parts: p.parts })})` : "";
      return `${t("alert.newItems", { count: p.items ?? 0 })}${part}`;
    }
    case "price_drop":
      return t("alert.price_drop", {
        from: f.price(p.previousPrice, p.currency ?? "EUR"),
        to: f.price(p.price, p.currency ?? "EUR"),
      });
    case "check_failing":
      return t("alert.check_failing", {
        since: timeOf(p.since, f),
        reason: `${p.reason ? known("reason", p.reason) : (p.detail ?? "")}${p.wall ? ` (${p.wall})` : ""}`,
      });
    case "check_recovered":
      return t("alert.check_recovered", { since: timeOf(p.since, f) });
    case "weekly_report":
      return t("alert.weekly_report", { from: dayOf(p.from, f), to: dayOf(p.to, f) });
    case "sold_out":
    case "vinted_holiday_on":
    case "vinted_holiday_off":
    case "paused_not_found":
      return t(`alert.${p.alert}`);
    default:
      return t("alert.other");
  }
}

/** why an alert failed: "HTTP answer 404, after 8 attempts" */
function alertFailureText(p: ActivityParams): string {
  const base =
    p.failure === "http"
      ? t("failure.http", { status: p.httpStatus ?? "?" })
      : `${known("failure", p.failure)}${p.detail ? `: ${p.detail}` : ""}`;
  return p.attempts === undefined ? base : `${base}, ${t("attempts", { count: p.attempts })}`;
}

/** a legacy line: the stored words, without a repeat of the title shown beside them */
function legacyText(entry: ActivityTextEntry): string {
  const prefix = `${activityTitle(entry.action)}: `;
  const message = entry.message.startsWith(prefix) ? entry.message.slice(prefix.length) : entry.message;
  return translateMessage(message);
}

/** the sentence of a line (its title apart), in the language in force */
export function activityText(entry: ActivityTextEntry, f: Formatter = defaultFormatter()): string {
  const p = entry.params ?? {};
  switch (entry.code) {
    case "product_added":
      return t("productAdded", { product: p.product ?? "" });
    case "product_removed":
      return t("productRemoved", { product: p.product ?? "" });
    case "check_status":
      return joined([
        statusLabel(p.status),
        p.sizes?.length ? t("sizes", { sizes: p.sizes.join(", ") }) : false,
        p.viaBrowser && t("viaBrowser"),
      ]);
    case "check_profile":
      return joined([
        statusLabel(p.status),
        t("items", { count: p.items ?? 0 }),
        !!p.newItems && t("newItems", { count: p.newItems }),
      ]);
    case "check_search":
      return joined([
        t("search"),
        t("items", { count: p.items ?? 0 }),
        !!p.newItems && t("newItems", { count: p.newItems }),
        !!p.matches && t("matches", { count: p.matches }),
      ]);
    case "check_failed":
      return `${known("reason", p.reason)}${failureDetail(p)}`;
    case "check_paused_gone":
      return t("pausedGone");
    case "alert_sent":
    case "alert_superseded":
      return alertText(p, f);
    case "alert_failed":
      return `${alertText(p, f)} (${alertFailureText(p)})`;
    default:
      return legacyText(entry);
  }
}
