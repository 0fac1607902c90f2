/** Browser notifications shown by the open app (not Web Push: those come through the service worker). */

export function browserNotificationsSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window;
}

/**
 * Asks this browser for permission (from a click: browsers ignore or penalise asking at load).
 * Throws an Error with a Portuguese message the user can act on.
 */
export async function allowBrowserNotifications(): Promise<void> {
  if (!browserNotificationsSupported()) throw new Error("Este navegador não mostra notificações");
  const permission =
    Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") throw new Error("As notificações estão bloqueadas neste navegador");
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
      lang: "pt-PT",
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
