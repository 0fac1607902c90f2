import type { WebhookTestResult } from "@common/schemas/webhooks.js";
import { type Language, LOCALE, languageOf, translator } from "../../i18n.js";
import { type CheckFailure, type HttpResponse, RefusedAddress } from "../platforms/types.js";
import { type DeliveryRequest, webhookKindOf } from "./webhooks/index.js";

/**
 * "Testar webhook": the request that carries a short test message to a webhook, in the format its
 * alerts use (its kind's `testRequest`: every kind has one), in the language of the user who asked
 * (pt-PT unless told).
 */
export function testMessageRequest(
  webhookUrl: string,
  at = new Date(),
  language?: Language,
): DeliveryRequest {
  const t = translator(language);
  return webhookKindOf(webhookUrl).testRequest(webhookUrl, {
    title: t("test.title"),
    text: t("test.text"),
    at: at.toISOString(),
  });
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

/**
 * what the webhook answered, in the user's language (pt-PT unless told): it tells the delivery of
 * the test message, with its HTTP status, so it is written here like the message itself
 */
export function describeTestAnswer(res: HttpResponse, language?: Language): WebhookTestResult {
  const t = translator(language);
  const status = res.status;
  if (status >= 200 && status < 300) {
    return { ok: true, status, message: t("test.sent", { status }) };
  }
  const message =
    status === 429
      ? withText(t("test.wait"), res.body)
      : status >= 300 && status < 400
        ? t("test.redirect", { status })
        : status >= 500
          ? withText(t("test.failed", { status }), res.body)
          : withText(t("test.refused", { status }), res.body);
  return { ok: false, status, message };
}

/** why no answer came (the refused address is the route's 400, not told here) */
export function describeTestFailure(
  failure: CheckFailure,
  timeoutMs: number,
  language?: Language,
): WebhookTestResult {
  if (failure instanceof RefusedAddress) return { ok: false, status: null, message: failure.message };
  const t = translator(language);
  const seconds = (Math.round(timeoutMs / 100) / 10).toLocaleString(LOCALE[languageOf(language)]);
  if (failure.reason === "timeout") {
    return { ok: false, status: null, message: t("test.timeout", { seconds }) };
  }
  return { ok: false, status: null, message: t("test.unreachable", { reason: failure.message }) };
}
