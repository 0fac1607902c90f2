import {
  type AlertPayload,
  alertSummary,
  alertText,
  alertTitle,
  compreiItemLink,
  compreiLink,
} from "../alert.js";
import { defineWebhookKind } from "./define-webhook-kind.js";

/**
 * Any other webhook: the alert as a plain JSON document; its human fields (title, message,
 * priceText) in the owner's language, named by `language`.
 */
export function genericMessage(alert: AlertPayload) {
  const text = alertText(alert.language);
  const { appUrl: _appUrl, ...fields } = alert;
  const comprei = compreiLink(alert);
  return {
    event: alert.kind,
    title: alertTitle(alert.kind, text),
    message: alertSummary(alert, text),
    ...fields,
    // with PUBLIC_URL: the app's "Comprei" for the product, and for each of a search's matches
    ...(comprei ? { compreiUrl: comprei } : {}),
    ...(alert.items && alert.appUrl
      ? {
          items: alert.items.map((item) => {
            const url = compreiItemLink(alert, item);
            return url ? { ...item, compreiUrl: url } : item;
          }),
        }
      : {}),
    language: text.language,
    currency: alert.currency ?? "EUR",
    ...(alert.price ? { priceText: text.money(alert.price, alert.currency) } : {}),
  };
}

/**
 * Any address no other kind recognises. `key` names the delivery, the same on every attempt: the
 * receiver gets it as `Idempotency-Key` and `deliveryId`, so one that keeps them can drop a repeat
 * sent after a crash.
 */
export const generic = defineWebhookKind({
  key: "generic",
  order: 1000,
  sampleUrl: "https://example.com/hooks/stock",
  recognises: () => true,
  alertRequest: (webhookUrl, alert, key) =>
    key
      ? {
          url: webhookUrl,
          body: { ...genericMessage(alert), deliveryId: key },
          headers: { "idempotency-key": key },
        }
      : { url: webhookUrl, body: genericMessage(alert) },
  testRequest: (webhookUrl, { title, text, at }) => ({
    url: webhookUrl,
    body: { event: "test", title, message: text, at },
  }),
  // receivers that copy Discord's or Telegram's way of saying it
  retryAfterSeconds: (body) => {
    const said = body as { retry_after?: unknown; parameters?: { retry_after?: unknown } } | null;
    const seconds = said?.retry_after ?? said?.parameters?.retry_after;
    return typeof seconds === "number" ? seconds : undefined;
  },
});
