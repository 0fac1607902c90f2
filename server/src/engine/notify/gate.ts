import { ALERT_CHANNELS } from "@common/alert-channels.js";
import type { AlertChannels } from "@common/schemas/products.js";

/**
 * The one rule for whether a product's alerts go out: notifications are on (global settings) and
 * the product has somewhere to send them: its webhook, unless it turned the webhook off, or the
 * e-mail or push it chose. The batch statement in store.ts then picks the destinations (the owner's
 * address and devices, and the settings for a product that chose nothing), so an alert with no
 * destination queues nothing.
 */
export function alertsGoOut(product: {
  notificationsEnabled: boolean;
  webhookUrl: string;
  alertChannels?: AlertChannels | null;
}): boolean {
  if (!product.notificationsEnabled) return false;
  const channels = product.alertChannels;
  if (!channels) return product.webhookUrl !== "";
  return ALERT_CHANNELS.some((c) => channels[c.key] && (c.key !== "webhook" || product.webhookUrl !== ""));
}
