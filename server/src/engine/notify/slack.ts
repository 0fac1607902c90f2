import { type AlertPayload, alertSummary, alertText, alertTitle } from "./alert.js";

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

/**
 * Slack incoming webhook: a text fallback plus blocks (section with fields, image accessory), in the
 * owner's language.
 */
export function slackMessage(alert: AlertPayload) {
  const text = alertText(alert.language);
  const { t } = text;
  const label = (key: Parameters<typeof t>[0]) => `*${escapeText(t(key))}:*`;
  const status = text.status(alert.status);
  const fields = [
    { type: "mrkdwn", text: `${label("label.status")}\n${escapeText(status)}` },
    ...(alert.price
      ? [{ type: "mrkdwn", text: `${label("label.price")}\n${text.money(alert.price, alert.currency)}` }]
      : []),
    ...(alert.sizes.length
      ? [
          {
            type: "mrkdwn",
            text: `${label("label.sizes")}\n${escapeText(alert.sizes.join(", ").slice(0, 1900))}`,
          },
        ]
      : []),
    ...(alert.newSizes.length
      ? [
          {
            type: "mrkdwn",
            text: `${label("label.newShort")}\n${escapeText(alert.newSizes.join(", ").slice(0, 1900))}`,
          },
        ]
      : []),
  ].slice(0, 10);
  const items = (alert.items ?? [])
    .slice(0, 20)
    .map(
      (i) =>
        `• <${escapeUrl(i.url)}|${escapeText(i.title)}>${i.price ? ` — ${text.money(i.price, i.currency)}` : ""}`,
    );
  return {
    text: escapeText(alertSummary(alert, text)),
    blocks: [
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*${escapeText(alertTitle(alert.kind, text))}*: <${escapeUrl(alert.productUrl)}|${escapeText(alert.productName.slice(0, 200))}>`,
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
