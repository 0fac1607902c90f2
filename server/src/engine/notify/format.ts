import type { AlertPayload } from "./alert.js";
import { discordMessage } from "./discord.js";
import { genericMessage } from "./generic.js";
import { slackMessage } from "./slack.js";

export type Destination = "discord" | "slack" | "generic";

/** the format follows the webhook URL (DECISIONS §5) */
export function destinationOf(webhookUrl: string): Destination {
  try {
    const url = new URL(webhookUrl);
    const host = url.hostname.toLowerCase();
    if (/(^|\.)(discord|discordapp)\.com$/.test(host) && url.pathname.startsWith("/api/webhooks/"))
      return "discord";
    if (host === "hooks.slack.com") return "slack";
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
