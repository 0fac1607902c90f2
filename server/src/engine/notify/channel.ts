import type { HttpResponse } from "../platforms/types.js";
import type { AlertPayload } from "./alert.js";

/**
 * A destination that is not an HTTP webhook (e-mail…). Its outcome is told as the HTTP status the
 * outbox already understands: 2xx sent, 429 wait, 4xx final, 5xx retried.
 */
export interface AlertChannel {
  handles(destination: string): boolean;
  send(destination: string, alert: AlertPayload, opts: { signal: AbortSignal }): Promise<HttpResponse>;
}

export function channelAnswer(status: number, body = ""): HttpResponse {
  return { status, headers: {}, body, url: "" };
}
