import { useSyncExternalStore } from "react";

/** what Chromium hands over when it would install the app (not in TypeScript's DOM types yet) */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Called once at start, before React: Chromium fires `beforeinstallprompt` early, and the app offers
 * the install from its own button instead of the browser's mini-infobar.
 */
export function captureInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    changed();
  });
}

/** opened from the home screen (Android, desktop) or as an iOS web app */
export function isInstalled(): boolean {
  return (
    window.matchMedia("(display-mode: standalone)").matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iPhone and iPad (an iPad says it is a Mac, with touch): no install prompt, push only when installed */
export function isAppleMobile(): boolean {
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1)
  );
}

/** whether the browser offers installing now, and the call that asks it */
export function useInstallPrompt(): { available: boolean; install: () => Promise<boolean> } {
  const available = useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => deferred !== null,
    () => false,
  );
  return {
    available,
    install: async () => {
      const event = deferred;
      if (!event) return false;
      deferred = null;
      changed();
      await event.prompt();
      return (await event.userChoice).outcome === "accepted";
    },
  };
}
