/**
 * The one rule for whether a product's alerts go out: notifications are on (global settings) and
 * the product has a webhook. E-mail and push ride along with the webhook's alert (the outbox fans
 * one alert out to the owner's channels), so a product without a webhook queues nothing. The batch
 * statement in store.ts repeats the webhook half in SQL (`u.webhook_url <> ''`) as a safety net.
 */
export function alertsGoOut(product: { notificationsEnabled: boolean; webhookUrl: string }): boolean {
  return product.notificationsEnabled && product.webhookUrl !== "";
}
