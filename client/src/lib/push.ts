import { apiRequest } from "./http";
import { i18n } from "./i18n";

/** whether this browser can receive Web Push (a service worker and the Push API) */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window // i18n-ignore
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Asks for permission on this device, subscribes with the server's VAPID key and gives the server
 * the subscription. Throws an Error with a message the user can act on, in the language in force.
 */
export async function enablePushOnThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(i18n.t("common:notifications.pushUnsupported"));
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new Error(i18n.t("common:notifications.blocked"));
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiRequest<{ publicKey: string }>("GET", "/api/push/key");
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  await apiRequest("PUT", "/api/push/subscription", subscription.toJSON());
}

/** forgets this device's subscription here and on the server */
export async function disablePushOnThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest("DELETE", "/api/push/subscription", { endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
