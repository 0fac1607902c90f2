import { type AlertPayload, alertSummary, alertText, alertTitle } from "./alert.js";

/**
 * Any other webhook: the alert as a plain JSON document; its human fields (title, message,
 * priceText) in the owner's language, named by `language`.
 */
export function genericMessage(alert: AlertPayload) {
  const text = alertText(alert.language);
  return {
    event: alert.kind,
    title: alertTitle(alert.kind, text),
    message: alertSummary(alert, text),
    ...alert,
    language: text.language,
    currency: alert.currency ?? "EUR",
    ...(alert.price ? { priceText: text.money(alert.price, alert.currency) } : {}),
  };
}
