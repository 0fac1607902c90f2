import { dehydrate, hydrate, onlineManager, type QueryClient } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * The app's last readings, kept in this browser so its screens stay readable without network (the
 * service worker keeps the app's own files). Every successful read of the API is saved, a few
 * seconds apart, under one key; it is put back only when the app starts without network, so an
 * online start always reads the server (and never shows another session's data). Signing out
 * forgets it. Older than a week, it is dropped.
 */
const KEY = "stock-monitor-offline-copy";
const MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const SAVE_EVERY_MS = 1500;
/** the signed-in user's read (lib/auth.ts) */
const USER_KEY = ["/api/user"];

interface Saved {
  at: number;
  state: ReturnType<typeof dehydrate>;
}

const isApiRead = (key: readonly unknown[]) => typeof key[0] === "string" && key[0].startsWith("/api/");

export function forgetOfflineCopy(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // storage unavailable: nothing was kept
  }
}

/**
 * At start-up: tells TanStack Query whether there is a network (it assumes one until told, and
 * without one its reads would wait instead of showing the copy), puts the copy back when there is
 * none, and keeps it from then on
 */
export function startOfflineCopy(client: QueryClient): void {
  onlineManager.setOnline(navigator.onLine);
  restoreOfflineCopy(client);
  keepOfflineCopy(client);
}

/** puts the last readings back when the app starts without network; answers whether it did */
export function restoreOfflineCopy(client: QueryClient): boolean {
  if (navigator.onLine) return false;
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return false;
    const saved = JSON.parse(raw) as Saved;
    if (Date.now() - saved.at > MAX_AGE_MS) {
      forgetOfflineCopy();
      return false;
    }
    hydrate(client, saved.state);
    return true;
  } catch {
    forgetOfflineCopy();
    return false;
  }
}

/** saves the readings after they change, at most every SAVE_EVERY_MS; answers a stop function */
export function keepOfflineCopy(client: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    // nobody signed in (the login screen): nothing to keep
    if (!client.getQueryData(USER_KEY)) return forgetOfflineCopy();
    const state = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === "success" && isApiRead(query.queryKey),
    });
    try {
      localStorage.setItem(KEY, JSON.stringify({ at: Date.now(), state } satisfies Saved));
    } catch {
      // over the browser's quota: better no copy than a partial one
      forgetOfflineCopy();
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || timer) return;
    timer = setTimeout(save, SAVE_EVERY_MS);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** false while the browser has no network */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine);
}
