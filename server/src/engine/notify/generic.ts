import { formatMoney } from "@common/money.js";
import { type AlertPayload, alertSummary, alertTitle } from "./alert.js";

/** Any other webhook: the alert as a plain JSON document. */
export function genericMessage(alert: AlertPayload) {
  return {
    event: alert.kind,
    title: alertTitle(alert.kind),
    message: alertSummary(alert),
    ...alert,
    currency: alert.currency ?? "EUR",
    ...(alert.price ? { priceText: formatMoney(alert.price, alert.currency) } : {}),
  };
}
