import type { AlertPayload } from "./alert.js";
import { discordMessage } from "./discord.js";
import { genericMessage } from "./generic.js";
import { slackMessage } from "./slack.js";
import { telegramRequest, telegramTarget } from "./telegram.js";

export type Destination = "discord" | "slack" | "telegram" | "generic";

/** the format follows the webhook URL */
export function destinationOf(webhookUrl: string): Destination {
  try {
    const url = new URL(webhookUrl);
    const host = url.hostname.toLowerCase();
    if (/(^|\.)(discord|discordapp)\.com$/.test(host) && url.pathname.startsWith("/api/webhooks/"))
      return "discord";
    if (host === "hooks.slack.com") return "slack";
    if (telegramTarget(webhookUrl)) return "telegram";
  } catch {
    // an unparseable URL fails at delivery; the format does not matter
  }
  return "generic";
}

export function formatAlert(webhookUrl: string, alert: AlertPayload): unknown {
  switch (destinationOf(webhookUrl)) {
    case "discord":
      return discordMessage(alert);
    case "slack":
      return slackMessage(alert);
    default:
      return genericMessage(alert);
  }
}

/**
 * The HTTP request that delivers an alert to a destination: most post to the webhook URL itself;
 * Telegram posts to the Bot API method the alert needs (sendPhoto or sendMessage).
 */
export function deliveryRequest(webhookUrl: string, alert: AlertPayload): { url: string; body: unknown } {
  const telegram = telegramTarget(webhookUrl);
  if (telegram) return telegramRequest(telegram, alert);
  return { url: webhookUrl, body: formatAlert(webhookUrl, alert) };
}
