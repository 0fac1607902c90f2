import type { AlertChannelKey } from "@common/alert-channels.js";
import type { Db } from "../../../db/client.js";
import type { Transport } from "../../fetch/transport.js";
import type { HttpResponse } from "../../platforms/types.js";
import type { AlertPayload } from "../alert.js";

/**
 * An open channel that is not an HTTP webhook (e-mail, Web Push). Its outcome is told as the HTTP
 * status the outbox already understands: 2xx sent, 429 wait, 4xx final, 5xx retried.
 */
export interface AlertChannel {
  handles(destination: string): boolean;
  /** `key`: this delivery's name, the same on every attempt (deliveryKey) */
  send(
    destination: string,
    alert: AlertPayload,
    opts: { signal: AbortSignal; key?: string },
  ): Promise<HttpResponse>;
  close?(): void;
}

/** what a channel may need to open: the engine's database, its webhook transport and settings */
export interface ChannelContext {
  db: Db;
  transport: Transport;
  config: { smtpUrl?: string; vapidSubject?: string };
}

/**
 * Everything the engine knows about one per-user channel, in one record: the prefix of its
 * destinations in the outbox, the SQL that finds an alert's destinations for the product's owner,
 * and how it opens (null: not set up here, e.g. no SMTP server). Its key, setting and words are its
 * entry in common/alert-channels.ts; the registry (`index.ts`) loads every file of this folder.
 */
export interface ChannelKind {
  key: Exclude<AlertChannelKey, "webhook">;
  /** `mailto:`, `webpush:`: an outbox destination of this channel starts with it */
  prefix: string;
  /**
   * a SELECT of one `destination` column: the owner's destinations of this channel, for the
   * product row `u` (id, user_id) of the batch statement (store.ts), whose owner allows it
   */
  destinationsSql: string;
  /** whether it opens only when set up (e-mail needs an SMTP server); the others are always open */
  needsSetup: boolean;
  open(ctx: ChannelContext): Promise<AlertChannel | null>;
}

export const defineChannel = <K extends ChannelKind>(kind: K): K => kind;

export function channelAnswer(status: number, body = ""): HttpResponse {
  return { status, headers: {}, body, url: "" };
}
