import type { SettingsResponse } from "@common/schemas/settings";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { useLocation } from "wouter";
import { paths } from "@/config/paths";
import { ACTIVITY_QUERY_KEY } from "./activity-queries";
import { playAlertSound } from "./alert-sound";
import { BOOKS_QUERY_KEYS } from "./books-queries";
import { showBrowserNotification } from "./browser-notifications";
import { i18n } from "./i18n";
import { SETTINGS_QUERY_KEY } from "./user-settings";

/**
 * Live updates: one EventSource on GET /api/events (server-sent events of the user's own
 * products) per logged-in browser. A "changed" event reloads the lists it makes stale at once;
 * the 30 s polling of each list stays as the fallback for when the stream is down. A restock
 * shows a toast, and, when the user turned them on in Settings, a browser notification and a
 * chime.
 *
 * Tabs share the session, so they share the stream: the tab holding a Web Lock opens it and
 * passes every event to the others on a BroadcastChannel. A browser allows 6 connections to a
 * server over HTTP/1.1; a stream per tab would take them all with a few tabs open (and play the
 * chime once per tab). When the holding tab closes, another takes the lock and opens the stream.
 */

/** query keys start with the URL they read; invalidating a key reaches every key it begins */
const PRODUCT_QUERY_KEYS = [["/api/products"], ["/api/user/monitor-stats"]];
const CHANGE_QUERY_KEYS = [
  ...PRODUCT_QUERY_KEYS,
  ["/api/statistics"],
  [...ACTIVITY_QUERY_KEY],
  [...BOOKS_QUERY_KEYS.statusStatistics],
];

/** the browser reconnects by itself after a dropped stream; after a refused one we do, slower */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;
const LOCK_NAME = "stock-monitor-live-updates";
const CHANNEL_NAME = "stock-monitor-live-updates";

export interface RestockEvent {
  productId: number;
  name: string;
  status: string;
  previousStatus: string | null;
}

type LiveMessage = { type: "changed"; scope: "all" | "checks" } | { type: "restock"; event: RestockEvent };

/** "«Boné» voltou a estar em stock", in the language in force when it is called */
export const restockTitle = (name: string) => i18n.t("common:restock.title", { name });

function reload(queryClient: QueryClient, keys: string[][]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/** the toast in every tab; the notification and the chime once per browser (`alertDevice`) */
function announceRestock(
  queryClient: QueryClient,
  event: RestockEvent,
  openMonitor: () => void,
  alertDevice: boolean,
) {
  const title = restockTitle(event.name);
  // written when the event arrives, in the language in force then
  const status = i18n.t(`common:productStatus.${event.status}` as "common:productStatus.in_stock", {
    defaultValue: event.status,
  });
  const description = i18n.t("common:restock.status", { status });
  toast.success(title, {
    id: `restock-${event.productId}`,
    description,
    duration: 10_000,
    action: { label: i18n.t("common:restock.openMonitor"), onClick: openMonitor },
  });
  if (!alertDevice) return;
  const settings = queryClient.getQueryData<SettingsResponse>(SETTINGS_QUERY_KEY)?.user;
  if (settings?.browserNotifications) {
    // the same tag as a Web Push of this product: one notification, not two
    showBrowserNotification(title, {
      body: description,
      tag: `produto-${event.productId}`,
      onClick: openMonitor,
    });
  }
  if (settings?.alertSound) playAlertSound();
}

function parse<T>(event: Event): T | null {
  try {
    return JSON.parse((event as MessageEvent<string>).data) as T;
  } catch {
    return null;
  }
}

/**
 * Opens the stream and hands each event to `publish` until the returned stop is called. A stream
 * the server closed for a newer one ('replaced', past the per-user cap) is opened again only when
 * this tab is looked at again; one the server refused (503 while it restarts, 401) is tried again
 * from 5 s up to every minute; a dropped one the browser reopens by itself.
 */
function openStream(publish: (message: LiveMessage) => void): () => void {
  let source: EventSource | null = null;
  let retryTimer: number | undefined;
  let retryMs = RETRY_FIRST_MS;
  /** a stream was open before: after a gap, what changed meanwhile is reloaded */
  let wasOpen = false;
  let replaced = false;

  const connect = () => {
    const current = new EventSource("/api/events");
    source = current;
    current.onopen = () => {
      retryMs = RETRY_FIRST_MS;
      if (wasOpen) publish({ type: "changed", scope: "all" });
      wasOpen = true;
    };
    current.addEventListener("changed", (event) => {
      const data = parse<{ scope?: string }>(event);
      publish({ type: "changed", scope: data?.scope === "checks" ? "checks" : "all" });
    });
    current.addEventListener("restock", (event) => {
      const data = parse<RestockEvent>(event);
      if (data) publish({ type: "restock", event: data });
    });
    current.addEventListener("replaced", () => {
      replaced = true;
      current.close();
    });
    current.onerror = () => {
      // CONNECTING: the browser is already retrying; CLOSED: it gave up, so we try later
      if (current.readyState !== EventSource.CLOSED || replaced || source !== current) return;
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
  };

  const onVisibility = () => {
    if (document.visibilityState !== "visible" || !replaced) return;
    replaced = false;
    connect();
  };
  document.addEventListener("visibilitychange", onVisibility);
  connect();
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    window.clearTimeout(retryTimer);
    source?.close();
    source = null;
  };
}

/** mounted once in the logged-in frame; `enabled` false (an admin who must first enrol in 2FA) opens nothing */
export function useLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const openMonitor = () => navigateRef.current(paths.monitor);
    const handle = (message: LiveMessage, holder: boolean) => {
      if (message.type === "changed") {
        reload(queryClient, message.scope === "checks" ? PRODUCT_QUERY_KEYS : CHANGE_QUERY_KEYS);
      } else {
        announceRestock(queryClient, message.event, openMonitor, holder);
      }
    };
    // Web Locks need a secure context (https, localhost): elsewhere each tab has its own stream
    const shared = typeof BroadcastChannel === "function" && typeof navigator.locks?.request === "function";
    const channel = shared ? new BroadcastChannel(CHANNEL_NAME) : null;
    if (channel) channel.onmessage = (event: MessageEvent<LiveMessage>) => handle(event.data, false);
    const publish = (message: LiveMessage) => {
      handle(message, true);
      channel?.postMessage(message);
    };

    let stopStream: (() => void) | null = null;
    const unmounted = new AbortController();
    if (shared) {
      // held until this frame unmounts; the next tab in line gets it then
      navigator.locks
        .request(
          LOCK_NAME,
          { signal: unmounted.signal },
          () =>
            new Promise<void>((release) => {
              stopStream = openStream(publish);
              unmounted.signal.addEventListener("abort", () => release());
            }),
        )
        .catch(() => {}); // aborted while waiting for the lock
    } else {
      stopStream = openStream(publish);
    }
    return () => {
      unmounted.abort();
      stopStream?.();
      channel?.close();
    };
  }, [queryClient, enabled]);
}
