import { formatMoney } from "@common/money.js";
import { productStatusLabel } from "@common/status.js";
import { type AlertPayload, alertSummary, alertTitle } from "./alert.js";

/**
 * Slack reads `&`, `<` and `>` as control characters in mrkdwn: text from retailers and Vinted
 * sellers is escaped so it cannot form links, @channel mentions or user pings.
 */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Inside `<url|label>` a `|` or `>` in the URL would end it early. */
function escapeUrl(url: string): string {
  return url.replace(/\|/g, "%7C").replace(/>/g, "%3E").replace(/</g, "%3C");
}

/** Slack incoming webhook: a text fallback plus blocks (section with fields, image accessory). */
export function slackMessage(alert: AlertPayload) {
  const status = productStatusLabel(alert.status);
  const fields = [
    { type: "mrkdwn", text: `*Estado:*\n${escapeText(status)}` },
    ...(alert.price
      ? [{ type: "mrkdwn", text: `*Preço:*\n${formatMoney(alert.price, alert.currency)}` }]
      : []),
    ...(alert.sizes.length
      ? [{ type: "mrkdwn", text: `*Tamanhos:*\n${escapeText(alert.sizes.join(", ").slice(0, 1900))}` }]
      : []),
    ...(alert.newSizes.length
      ? [{ type: "mrkdwn", text: `*Novos:*\n${escapeText(alert.newSizes.join(", ").slice(0, 1900))}` }]
      : []),
  ].slice(0, 10);
  const items = (alert.items ?? [])
    .slice(0, 20)
    .map(
      (i) =>
        `• <${escapeUrl(i.url)}|${escapeText(i.title)}>${i.price ? ` — ${formatMoney(i.price, i.currency)}` : ""}`,
    );
  return {
    text: escapeText(alertSummary(alert)),
    blocks: [
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*${alertTitle(alert.kind)}*: <${escapeUrl(alert.productUrl)}|${escapeText(alert.productName.slice(0, 200))}>`,
        },
        ...(alert.imageUrl
          ? {
              accessory: {
                type: "image",
                image_url: alert.imageUrl,
                alt_text: alert.productName.slice(0, 200),
              },
            }
          : {}),
      },
      { type: "section", fields },
      ...(items.length
        ? [{ type: "section", text: { type: "mrkdwn", text: items.join("\n").slice(0, 2900) } }]
        : []),
    ],
  };
}
