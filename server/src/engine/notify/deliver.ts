import { createHash } from "node:crypto";
import type { Transport } from "../fetch/transport.js";
import type { HttpResponse } from "../platforms/types.js";

/** total deadline of one delivery (connect, headers, body) unless WEBHOOK_TIMEOUT_MS says otherwise */
export const WEBHOOK_TIMEOUT_MS = 10_000;

const WEBHOOK_HEADERS = Object.freeze({
  "content-type": "application/json",
  "user-agent": "StockMonitor/1.0 (+webhook)",
});

/**
 * One POST of a JSON body to a webhook, as every alert and the settings' test message are sent: the
 * transport's address guard (SSRF, DNS pinned) and MONITOR_REDIRECT, one total deadline over the
 * whole exchange, and no redirect followed (a webhook that moves is answered as its 3xx).
 * Fails with a CheckFailure: RefusedAddress, `timeout` or `network`.
 */
export function postToWebhook(
  transport: Transport,
  request: { url: string; body: unknown; headers?: Record<string, string> },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<HttpResponse> {
  return transport.send(request.url, {
    method: "POST",
    headers: request.headers ? { ...WEBHOOK_HEADERS, ...request.headers } : WEBHOOK_HEADERS,
    body: JSON.stringify(request.body),
    timeoutMs,
    signal,
    maxRedirects: 0,
  });
}

/**
 * The name of one outbox row's delivery, the same on every attempt and unlike any other install's
 * (the row's id with its check's time and destination): 32 URL-safe characters, which is also what
 * a Web Push Topic may hold.
 */
export function deliveryKey(row: {
  id: number;
  webhookUrl: string;
  payload: { at?: string } | null;
}): string {
  return createHash("sha256")
    .update(`${row.id}|${row.payload?.at ?? ""}|${row.webhookUrl}`)
    .digest("base64url")
    .slice(0, 32);
}
