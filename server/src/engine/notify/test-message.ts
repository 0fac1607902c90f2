import type { WebhookTestResult } from "@common/schemas/webhooks.js";
import { type CheckFailure, type HttpResponse, RefusedAddress } from "../platforms/types.js";
import { destinationOf } from "./format.js";
import { TELEGRAM_ORIGIN, telegramTarget } from "./telegram.js";

const TITLE = "Mensagem de teste";
const TEXT =
  "Este webhook está ligado ao Stock Monitor: os alertas de stock dos seus produtos vão chegar aqui.";

/**
 * "Testar webhook": the request that carries a short test message to a webhook, in the format its
 * alerts use (Discord an embed, Slack a text, Telegram a Bot API sendMessage, any other URL JSON).
 */
export function testMessageRequest(webhookUrl: string, at = new Date()): { url: string; body: unknown } {
  const timestamp = at.toISOString();
  switch (destinationOf(webhookUrl)) {
    case "discord":
      return {
        url: webhookUrl,
        body: {
          username: "Stock Monitor",
          embeds: [
            {
              title: TITLE,
              description: TEXT,
              color: 0x2ecc71,
              timestamp,
              footer: { text: "Stock Monitor" },
            },
          ],
        },
      };
    case "slack":
      return { url: webhookUrl, body: { text: `*${TITLE}*\n${TEXT}` } };
    case "telegram": {
      const target = telegramTarget(webhookUrl);
      if (target) {
        return {
          url: `${TELEGRAM_ORIGIN}/bot${encodeURIComponent(target.token)}/sendMessage`,
          body: { chat_id: target.chatId, parse_mode: "HTML", text: `<b>${TITLE}</b>\n${TEXT}` },
        };
      }
      return { url: webhookUrl, body: { text: `${TITLE}\n${TEXT}` } };
    }
    default:
      return { url: webhookUrl, body: { event: "test", title: TITLE, message: TEXT, at: timestamp } };
  }
}

/** the part of an answer a person can read: Discord's/Slack's `message`, Telegram's `description`, or the text */
function answerText(body: string): string {
  let text = body;
  try {
    const parsed = JSON.parse(body) as { message?: unknown; description?: unknown; error?: unknown };
    const said = [parsed.message, parsed.description, parsed.error].find((v) => typeof v === "string");
    if (typeof said === "string") text = said;
  } catch {
    // not JSON: the raw text
  }
  // control characters of a hostile answer are dropped, whitespace folded
  const clean = text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

const withText = (lead: string, body: string) => {
  const text = answerText(body);
  return text ? `${lead}: ${text}` : lead;
};

/** what the webhook answered, said in Portuguese */
export function describeTestAnswer(res: HttpResponse): WebhookTestResult {
  const status = res.status;
  if (status >= 200 && status < 300) {
    return { ok: true, status, message: `Mensagem de teste enviada (HTTP ${status})` };
  }
  const message =
    status === 429
      ? withText(`O webhook pediu para esperar (HTTP 429)`, res.body)
      : status >= 300 && status < 400
        ? `O webhook respondeu com um redirecionamento (HTTP ${status}), que não é seguido: use o endereço final`
        : status >= 500
          ? withText(`O webhook falhou (HTTP ${status})`, res.body)
          : withText(`O webhook recusou a mensagem (HTTP ${status})`, res.body);
  return { ok: false, status, message };
}

/** why no answer came (the refused address is the route's 400, not told here) */
export function describeTestFailure(failure: CheckFailure, timeoutMs: number): WebhookTestResult {
  if (failure instanceof RefusedAddress) return { ok: false, status: null, message: failure.message };
  const seconds = Math.round(timeoutMs / 100) / 10;
  if (failure.reason === "timeout") {
    return {
      ok: false,
      status: null,
      message: `Tempo esgotado: o webhook não respondeu em ${String(seconds).replace(".", ",")} s`,
    };
  }
  return { ok: false, status: null, message: `Não foi possível contactar o webhook (${failure.message})` };
}
