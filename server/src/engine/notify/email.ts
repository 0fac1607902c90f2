import { formatMoney } from "@common/money.js";
import { platformLabel } from "@common/platforms.js";
import { productStatusLabel } from "@common/status.js";
import nodemailer, { type Transporter } from "nodemailer";
import { type AlertPayload, alertSummary, alertTitle, ptDate, type WeeklyReport } from "./alert.js";
import { type AlertChannel, channelAnswer } from "./channel.js";

/** an e-mail destination in the outbox is `mailto:<address>` */
export const MAILTO = "mailto:";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const esc = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** the alert as an e-mail, plain text and HTML with the same facts */
export function alertEmail(alert: AlertPayload): MailContent {
  const facts: [string, string][] = [["Estado", productStatusLabel(alert.status)]];
  if (alert.price) facts.push(["Preço", formatMoney(alert.price, alert.currency)]);
  if (alert.newSizes.length) facts.push(["Novos tamanhos", alert.newSizes.join(", ")]);
  if (alert.sizes.length) facts.push(["Tamanhos", alert.sizes.join(", ")]);
  if (alert.error) facts.push(["Erro", alert.error]);
  facts.push(["Loja", platformLabel(alert.platform)]);
  const links: [string, string][] = [
    ...(alert.cartLinks ?? []).map((c): [string, string] => [`Carrinho ${c.size}`, c.url]),
    ...(alert.items ?? []).map((i): [string, string] => [
      `${i.title}${i.price ? ` — ${formatMoney(i.price, i.currency)}` : ""}`,
      i.url,
    ]),
  ];
  const title = alertTitle(alert.kind);
  const text = [
    `${title}: ${alert.productName}`,
    alert.productUrl,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(links.length ? ["", ...links.map(([label, url]) => `${label}: ${url}`)] : []),
  ].join("\n");
  const html = `<!doctype html><html lang="pt-PT"><body style="font-family:system-ui,sans-serif;color:#111">
<h2 style="margin:0 0 8px">${esc(title)}</h2>
<p style="margin:0 0 12px"><a href="${esc(alert.productUrl)}">${esc(alert.productName)}</a></p>
${alert.imageUrl ? `<img src="${esc(alert.imageUrl)}" alt="" width="160" style="border-radius:8px">` : ""}
<table cellpadding="4">${facts.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("")}</table>
${links.length ? `<ul>${links.map(([label, url]) => `<li><a href="${esc(url)}">${esc(label)}</a></li>`).join("")}</ul>` : ""}
</body></html>`;
  return { subject: `Stock Monitor — ${alertSummary(alert)}`.slice(0, 200), text, html };
}

/** the weekly report: sales, profit, best items, restocks seen and failing monitors */
export function weeklyReportEmail(r: WeeklyReport): MailContent {
  const period = `${ptDate(r.from)} a ${ptDate(r.to)}`;
  // the books' currency the user chose (Settings → Utilizador); reports queued before it was kept: EUR
  const money = (value: string) => formatMoney(value, r.currency ?? "EUR");
  const facts: [string, string][] = [
    ["Vendas", String(r.sales)],
    ["Receita", money(r.revenue)],
    ["Lucro", money(r.profit)],
    ["Reposições de stock vistas", String(r.restocks)],
    ["Monitores com falhas", String(r.failing.length)],
  ];
  const best = r.best.map((b) => `${b.name} — ${money(b.profit)}`);
  const text = [
    `Relatório semanal (${period})`,
    "",
    ...facts.map(([k, v]) => `${k}: ${v}`),
    ...(best.length ? ["", "Melhores artigos:", ...best.map((b) => `- ${b}`)] : []),
    ...(r.failing.length ? ["", "Monitores com falhas:", ...r.failing.map((f) => `- ${f}`)] : []),
  ].join("\n");
  const list = (title: string, items: string[]) =>
    items.length ? `<h3>${esc(title)}</h3><ul>${items.map((i) => `<li>${esc(i)}</li>`).join("")}</ul>` : "";
  const html = `<!doctype html><html lang="pt-PT"><body style="font-family:system-ui,sans-serif;color:#111">
<h2 style="margin:0 0 8px">Relatório semanal</h2>
<p style="margin:0 0 12px">${esc(period)}</p>
<table cellpadding="4">${facts.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join("")}</table>
${list("Melhores artigos", best)}${list("Monitores com falhas", r.failing)}
</body></html>`;
  return { subject: `Stock Monitor — Relatório semanal (${period})`, text, html };
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
  const transport = nodemailer.createTransport({
    url: url.toString(),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    handles: (destination) => destination.startsWith(MAILTO),
    async send(destination, alert, { signal }) {
      const content = alert.report ? weeklyReportEmail(alert.report) : alertEmail(alert);
      return sendMail(transport, from, destination.slice(MAILTO.length), content, signal);
    },
    close: () => transport.close(),
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
