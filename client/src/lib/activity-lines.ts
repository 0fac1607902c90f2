import type { Formatter } from "@common/format";
import type { ActivityEntry } from "@common/schemas/activity";
import { type ActivityTextEntry, activityText } from "./activity-text";
import { i18n } from "./i18n";

/** what an activity line needs of an entry (History's entries and the Status summary's alike) */
export type LineEntry = ActivityEntry;

/** one event: an entry, and the alerts it caused (sent or failed, one per destination) */
export interface ActivityLine<T extends LineEntry = LineEntry> {
  entry: T;
  alerts: T[];
}

/** an alert is delivered within minutes of its check (8 attempts, back-off up to 5 min) */
export const ALERT_MERGE_WINDOW_MS = 60 * 60_000;

const isAlert = (e: LineEntry) => e.action.startsWith("notification_");
const isCheck = (e: LineEntry) => e.action.startsWith("stock_check");

/** the product an entry is about: its id, or its kept name once the product is deleted */
function productKey(e: LineEntry): string | null {
  if (e.productId !== null) return `id:${e.productId}`;
  return e.productName ? `name:${e.productName}` : null;
}

/**
 * Entries (newest first, as the API sends them) as lines: each alert joins the check of the same
 * product that came just before it (the check that caused it: only a check with a change, or the
 * first failure of a streak, queues an alert, and both write a line), when that check is at most
 * an hour older. An alert whose check is not in the list stays a line of its own.
 */
export function groupActivityLines<T extends LineEntry>(entries: T[]): ActivityLine<T>[] {
  const lines: ActivityLine<T>[] = [];
  const lineOfCheck = new Map<number, ActivityLine<T>>();
  const alertTarget = new Map<number, number>();
  entries.forEach((entry, index) => {
    const key = isAlert(entry) ? productKey(entry) : null;
    if (key === null) return;
    const at = new Date(entry.createdAt).getTime();
    for (let i = index + 1; i < entries.length; i++) {
      const older = entries[i];
      if (at - new Date(older.createdAt).getTime() > ALERT_MERGE_WINDOW_MS) break;
      if (isCheck(older) && productKey(older) === key) {
        alertTarget.set(entry.id, older.id);
        break;
      }
    }
  });
  for (const entry of entries) {
    if (alertTarget.has(entry.id)) continue;
    const line: ActivityLine<T> = { entry, alerts: [] };
    lines.push(line);
    if (isCheck(entry)) lineOfCheck.set(entry.id, line);
  }
  // alerts are newer than their check: attach them oldest first, in the order they happened
  for (let i = entries.length - 1; i >= 0; i--) {
    const target = alertTarget.get(entries[i].id);
    if (target !== undefined) lineOfCheck.get(target)?.alerts.push(entries[i]);
  }
  return lines;
}

/** how many events History lists for these entries: lines, not entries (an alert to 3 channels is one) */
export const countActivityLines = (entries: LineEntry[]): number => groupActivityLines(entries).length;

/** the entries of a line, its own first */
export const lineEntries = <T extends LineEntry>(line: ActivityLine<T>): T[] => [line.entry, ...line.alerts];

/**
 * "Alerta enviado", "Alerta enviado (3 destinos)", "Falha ao enviar alerta", "Alerta substituído por
 * um mais recente" (in the language in force); null without alerts
 */
export function alertOutcomeText(all: LineEntry[]): { text: string; failed: boolean } | null {
  if (all.length === 0) return null;
  // an alert a newer one replaced before it went out is neither sent nor a failure
  const alerts = all.filter((a) => a.action !== "notification_superseded");
  if (alerts.length === 0) return { text: i18n.t("common:activityLine.alertSuperseded"), failed: false };
  const sent = alerts.filter((a) => a.action === "notification_sent").length;
  const failed = alerts.length - sent;
  if (failed === 0) return { text: i18n.t("common:activityLine.alertSent", { count: sent }), failed: false };
  if (sent === 0) return { text: i18n.t("common:activityLine.alertFailed", { count: failed }), failed: true };
  return {
    text: i18n.t("common:activityLine.alertPartial", { sent, total: alerts.length }),
    failed: true,
  };
}

/** an action's title in the language in force ("Verificação de stock"); an unknown action as it came */
const titleOf = (action: string) =>
  i18n.t(`common:activity.${action}` as "common:activity.stock_check", { defaultValue: action });

/** what happened, in words: "Verificação de stock: Em Stock · tamanhos: M", in the language in force */
export function lineText(entry: ActivityTextEntry, f?: Formatter): string {
  return `${titleOf(entry.action)}: ${lineMessage(entry, f)}`;
}

/** the sentence without its title, for where the title is shown beside it */
export const lineMessage = (entry: ActivityTextEntry, f?: Formatter): string => activityText(entry, f);

/** a line names its product; entries of no product are the system's */
export const lineProduct = (entry: Pick<LineEntry, "productName">) =>
  entry.productName ?? i18n.t("common:activityLine.system");
