import type { Transporter } from "nodemailer";
import type { AlertKey } from "../../../i18n.js";
import { CATALOGUE } from "../../platforms/index.js";
import {
  alertError,
  type AlertPayload,
  alertPriceText,
  alertSummary,
  alertText,
  alertTitle,
  compreiItemLink,
  compreiLink,
  itemPriceText,
  type WeeklyReport,
} from "../alert.js";
import { type AlertChannel, channelAnswer, defineChannel } from "./define-channel.js";

/** an e-mail destination in the outbox is `mailto:<address>` */
export const MAILTO = "mailto:";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** the same on every attempt of one delivery: a mail client that collapses repeats shows it once */
  messageId?: string;
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** the alert as an e-mail in the owner's language, plain text and HTML with the same facts */
export function alertEmail(alert: AlertPayload): MailContent {
  const text = alertText(alert.language);
  const { t } = text;
  const facts: [string, string][] = [[t("label.status"), text.status(alert.status)]];
  if (alert.price) facts.push([t("label.price"), alertPriceText(alert, text)]);
  if (alert.newSizes.length) facts.push([t("label.newSizes"), alert.newSizes.join(", ")]);
  if (alert.sizes.length) facts.push([t("label.sizes"), alert.sizes.join(", ")]);
  const error = alertError(alert, text);
  if (error) facts.push([t("label.error"), error]);
  facts.push([t("label.shop"), CATALOGUE.label(alert.platform)]);
  const comprei = compreiLink(alert);
  const links: [string, string][] = [
    ...(comprei ? [[`${t("label.comprei")}: ${t("label.compreiAction")}`, comprei] as [string, string]] : []),
    ...(alert.cartLinks ?? []).map((c): [string, string] => [t("label.cart", { size: c.size }), c.url]),
    ...(alert.items ?? []).flatMap((i): [string, string][] => {
      const bought = compreiItemLink(alert, i);
      return [
        [`${i.title}${i.price ? ` — ${itemPriceText(i, text)}` : ""}${i.size ? ` · ${i.size}` : ""}`, i.url],
        ...(bought ? [[`${t("label.comprei")}: ${i.title}`, bought] as [string, string]] : []),
      ];
    }),
  ];
  const title = alertTitle(alert.kind, text);
  const plain = [
    `${title}: ${alert.productName}`,
    alert.productUrl,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(links.length ? ["", ...links.map(([label, url]) => `${label}: ${url}`)] : []),
  ].join("\n");
  const html = `<!doctype html><html lang="${text.locale}"><body style="font-family:system-ui,sans-serif;color:#111">
<h2 style="margin:0 0 8px">${esc(title)}</h2>
<p style="margin:0 0 12px"><a href="${esc(alert.productUrl)}">${esc(alert.productName)}</a></p>
${alert.imageUrl ? `<img src="${esc(alert.imageUrl)}" alt="" width="160" style="border-radius:8px">` : ""}
<table cellpadding="4">${facts.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("")}</table>
${links.length ? `<ul>${links.map(([label, url]) => `<li><a href="${esc(url)}">${esc(label)}</a></li>`).join("")}</ul>` : ""}
</body></html>`;
  return { subject: `Stock Monitor — ${alertSummary(alert, text)}`.slice(0, 200), text: plain, html };
}

/**
 * the weekly report in `language` (the user's when it was queued): sales, profit, best items,
 * restocks seen and failing monitors
 */
export function weeklyReportEmail(r: WeeklyReport, language?: string): MailContent {
  const text = alertText(language);
  const { t } = text;
  const period = t("report.period", { from: text.day(r.from), to: text.day(r.to) });
  const title = t("report.title");
  // the books' currency the user chose (Settings → Utilizador); reports queued before it was kept: EUR
  const money = (value: string) => text.money(value, r.currency ?? "EUR");
  const facts: [string, string][] = [
    [t("report.sales"), String(r.sales)],
    [t("report.revenue"), money(r.revenue)],
    ...(r.expenses === undefined ? [] : [[t("report.expenses"), money(r.expenses)] as [string, string]]),
    [t("report.profit"), money(r.profit)],
    [t("report.restocks"), String(r.restocks)],
    [t("report.failing"), String(r.failing.length)],
  ];
  const best = r.best.map((b) => `${b.name} — ${money(b.profit)}`);
  // a plural text: i18next picks its _one/_other form from the count
  const leftOut = r.otherCurrencySales
    ? t("report.otherCurrency" as AlertKey, { count: r.otherCurrencySales })
    : null;
  const plain = [
    `${title} (${period})`,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(leftOut ? ["", leftOut] : []),
    ...(best.length ? ["", `${t("report.best")}:`, ...best.map((b) => `- ${b}`)] : []),
    ...(r.failing.length ? ["", `${t("report.failing")}:`, ...r.failing.map((f) => `- ${f}`)] : []),
  ].join("\n");
  const list = (heading: string, items: string[]) =>
    items.length ? `<h3>${esc(heading)}</h3><ul>${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>` : "";
  const html = `<!doctype html><html lang="${text.locale}"><body style="font-family:system-ui,sans-serif;color:#111">
<h2 style="margin:0 0 8px">${esc(title)}</h2>
<p style="margin:0 0 12px">${esc(period)}</p>
<table cellpadding="4">${facts.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("")}</table>
${leftOut ? `<p style="margin:8px 0;color:#555">${esc(leftOut)}</p>` : ""}
${list(t("report.best"), best)}${list(t("report.failing"), r.failing)}
</body></html>`;
  return { subject: `Stock Monitor — ${title} (${period})`, text: plain, html };
}

/** SMTP reply codes: 4xx is temporary (retried like a 5xx webhook), 5xx is final */
function statusOfSmtpError(error: unknown): number {
  const code = (error as { responseCode?: number }).responseCode;
  if (typeof code === "number" && code >= 500) return 400;
  return 503;
}

/**
 * E-mail through the SMTP server in SMTP_URL (nodemailer), e.g.
 * `smtps://user:pass@smtp.example.com:465?from=alertas@example.com`; `from` defaults to the user.
 */
export function createEmailChannel(smtpUrl: string): AlertChannel & { close(): void } {
  const url = new URL(smtpUrl);
  const from =
    url.searchParams.get("from") ??
    (url.username ? decodeURIComponent(url.username) : "stock-monitor@localhost");
  url.searchParams.delete("from");
  // nodemailer (~15 MB once loaded) with the first e-mail, not by every start
  let transport: Promise<Transporter> | null = null;
  const transporter = () => {
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: url.toString(),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    );
    return transport;
  };
  return {
    handles: (destination) => destination.startsWith(MAILTO),
    async send(destination, alert, { signal, key }) {
      const content = alert.report ? weeklyReportEmail(alert.report, alert.language) : alertEmail(alert);
      const messageId = key ? `<${key}@stock-monitor.invalid>` : undefined;
      return sendMail(
        await transporter(),
        from,
        destination.slice(MAILTO.length),
        { ...content, messageId },
        signal,
      );
    },
    close: () => void transport?.then((t) => t.close()),
  };
}

export async function sendMail(
  transport: Transporter,
  from: string,
  to: string,
  content: MailContent,
  signal: AbortSignal,
) {
  try {
    const aborted = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new Error("prazo esgotado"));
      signal.addEventListener("abort", () => reject(new Error("prazo esgotado")), { once: true });
    });
    await Promise.race([transport.sendMail({ from, to, ...content }), aborted]);
    return channelAnswer(200);
  } catch (error) {
    return channelAnswer(statusOfSmtpError(error), String((error as Error).message ?? error));
  }
}

/** e-mail: the owner's address, when an SMTP server is set up (SMTP_URL) */
export const email = defineChannel({
  key: "email",
  prefix: MAILTO,
  destinationsSql: `select 'mailto:' || o.email as destination from users o
    where o.id = u.user_id and coalesce(o.email, '') <> ''`,
  needsSetup: true,
  open: async ({ config }) => (config.smtpUrl ? createEmailChannel(config.smtpUrl) : null),
});
