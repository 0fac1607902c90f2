/** Browser notifications shown by the open app (not Web Push: those come through the service worker). */

import { HTML_LANG, i18n, type Language } from "./i18n";

export function browserNotificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window; // i18n-ignore
}

/**
 * Asks this browser for permission (from a click: browsers ignore or penalise asking at load).
 * Throws an Error with a message the user can act on, in the language in force.
 */
export async function allowBrowserNotifications(): Promise<void> {
  if (!browserNotificationsSupported()) throw new Error(i18n.t("common:notifications.browserUnsupported"));
  const permission =
    Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") throw new Error(i18n.t("common:notifications.blocked"));
}

/** shows one notification when allowed; a click brings the app forward and calls `onClick` */
export function showBrowserNotification(
  title: string,
  options: { body: string; tag: string; onClick: () => void },
): void {
  if (!browserNotificationsSupported() || Notification.permission !== "granted") return;
  try {
    const notification = new Notification(title, {
      body: options.body,
      tag: options.tag,
      icon: "/icon-192.png",
      lang: HTML_LANG[i18n.language as Language] ?? HTML_LANG.pt,
    });
    notification.onclick = () => {
      window.focus();
      options.onClick();
      notification.close();
    };
  } catch {
    // Chrome on Android allows notifications only from a service worker
    void navigator.serviceWorker?.ready
      .then((registration) =>
        registration.showNotification(title, {
          body: options.body,
          tag: options.tag,
          icon: "/icon-192.png",
          data: { url: "/monitor" },
        }),
      )
      .catch(() => {});
  }
}
