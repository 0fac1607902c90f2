import {
  type AlertPayload,
  alertSummary,
  alertText,
  alertTitle,
  compreiItemLink,
  compreiLink,
  itemPriceText,
} from "../alert.js";
import { defineWebhookKind } from "./define-webhook-kind.js";

/** Slack's block limits this message keeps (its API documentation) */
export const SLACK_LIMITS = { fields: 10, fieldText: 1900, sectionText: 2900, items: 20, name: 200 };

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
            text: `${label("label.sizes")}\n${escapeText(alert.sizes.join(", ").slice(0, SLACK_LIMITS.fieldText))}`,
          },
        ]
      : []),
    ...(alert.newSizes.length
      ? [
          {
            type: "mrkdwn",
            text: `${label("label.newShort")}\n${escapeText(alert.newSizes.join(", ").slice(0, SLACK_LIMITS.fieldText))}`,
          },
        ]
      : []),
  ].slice(0, SLACK_LIMITS.fields);
  const compreiOf = (url: string | null) =>
    url ? ` · <${escapeUrl(url)}|${escapeText(t("label.comprei"))}>` : "";
  const items = (alert.items ?? [])
    .slice(0, SLACK_LIMITS.items)
    .map(
      (i) =>
        `• <${escapeUrl(i.url)}|${escapeText(i.title)}>${i.price ? ` — ${escapeText(itemPriceText(i, text))}` : ""}${compreiOf(compreiItemLink(alert, i))}`,
    );
  const comprei = compreiLink(alert);
  return {
    text: escapeText(alertSummary(alert, text)),
    blocks: [
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `*${escapeText(alertTitle(alert.kind, text))}*: <${escapeUrl(alert.productUrl)}|${escapeText(alert.productName.slice(0, SLACK_LIMITS.name))}>`,
        },
        ...(alert.imageUrl
          ? {
              accessory: {
                type: "image",
                image_url: alert.imageUrl,
                alt_text: alert.productName.slice(0, SLACK_LIMITS.name),
              },
            }
          : {}),
      },
      { type: "section", fields },
      ...(comprei
        ? [
            {
              type: "section",
              text: {
                type: "mrkdwn",
                text: `${label("label.comprei")} <${escapeUrl(comprei)}|${escapeText(t("label.compreiAction"))}>`,
              },
            },
          ]
        : []),
      ...(items.length
        ? [
            {
              type: "section",
              text: { type: "mrkdwn", text: items.join("\n").slice(0, SLACK_LIMITS.sectionText) },
            },
          ]
        : []),
    ],
  };
}

export const slack = defineWebhookKind({
  key: "slack",
  order: 2,
  sampleUrl: "https://hooks.slack.com/services/T000/B000/XXXX",
  recognises(webhookUrl) {
    try {
      return new URL(webhookUrl).hostname.toLowerCase() === "hooks.slack.com";
    } catch {
      return false;
    }
  },
  alertRequest: (webhookUrl, alert) => ({ url: webhookUrl, body: slackMessage(alert) }),
  testRequest: (webhookUrl, { title, text }) => ({ url: webhookUrl, body: { text: `*${title}*\n${text}` } }),
  limits: SLACK_LIMITS,
});
