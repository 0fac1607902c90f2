import type { AlertPayload } from "../alert.js";

/** what one POST to a webhook carries: most go to the webhook URL itself */
export interface DeliveryRequest {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
}

/** "Testar webhook"'s words, already in the user's language */
export interface TestMessage {
  title: string;
  text: string;
  /** ISO time of the test */
  at: string;
}

/**
 * Everything the app knows about one kind of webhook, in one record (as `definePlatform` does for
 * platforms): which addresses are its, the alert and the test message it is sent, how it says "wait"
 * (a 429's retry-after) and the limits its messages keep. The registry (`index.ts`) loads every
 * file of this folder; the outbox, "Testar webhook" and the settings' format names read it.
 */
export interface WebhookKind {
  /** the file's name: discord, slack, telegram, generic */
  key: string;
  /** tried in this order (lowest first); the kind that takes any address (generic) comes last */
  order: number;
  /** an address of this kind, for the tests and the docs */
  sampleUrl: string;
  /** whether a webhook address is of this kind */
  recognises(webhookUrl: string): boolean;
  /**
   * the request that delivers an alert; `key` names this delivery, the same on every attempt (a
   * kind whose receiver can drop repeats passes it on)
   */
  alertRequest(webhookUrl: string, alert: AlertPayload, key?: string): DeliveryRequest;
  /** the request that carries "Testar webhook"'s short message, in the format its alerts use */
  testRequest(webhookUrl: string, message: TestMessage): DeliveryRequest;
  /** seconds a 429's JSON body asks to wait, when the kind says it there (else the headers tell) */
  retryAfterSeconds?(body: unknown): number | undefined;
  /** the lengths and counts its messages keep within (documentation the formatter applies) */
  limits?: Readonly<Record<string, number>>;
}

export const defineWebhookKind = <K extends WebhookKind>(kind: K): K => kind;
