import { readdirSync } from "node:fs";
import type { HttpResponse } from "../../platforms/types.js";
import type { WebhookKind } from "./define-webhook-kind.js";

/** this folder's kind files: every `<key>.ts` but the tests, this registry and the record's type */
function kindFiles(folder: URL): string[] {
  return readdirSync(folder)
    .filter((name) => /\.[cm]?[jt]s$/.test(name) && !/\.test\.|\.d\.ts$/.test(name))
    .filter((name) => !/^(index|define-webhook-kind)\./.test(name))
    .sort();
}

/**
 * Loads every webhook kind of `folder`: each file exports its record under its key's name (the
 * file's name). Adding a kind is adding its file (and its test); a file without its record stops
 * the start.
 */
async function loadKinds(folder: URL): Promise<WebhookKind[]> {
  const kinds = await Promise.all(
    kindFiles(folder).map(async (name) => {
      const key = name.replace(/\.[^.]+$/, "");
      const file: Record<string, WebhookKind | undefined> = await import(new URL(name, folder).href);
      const kind = file[key];
      if (kind?.key !== key) throw new Error(`${name} must export \`${key}\`, its webhook kind`);
      return kind;
    }),
  );
  return kinds.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
}

/** every webhook kind, in the order they are tried; the last takes any address */
export const WEBHOOK_KINDS: readonly WebhookKind[] = await loadKinds(new URL("./", import.meta.url));

/** the kind a webhook address is: the first that recognises it (generic JSON when none does) */
export function webhookKindOf(webhookUrl: string): WebhookKind {
  const kind = WEBHOOK_KINDS.find((k) => k.recognises(webhookUrl));
  if (!kind) throw new Error("no webhook kind takes every address");
  return kind;
}

/** how long a 429 asks to wait: the kind's JSON when it says it there, else Retry-After / X-RateLimit-Reset-After */
export function retryAfterMs(res: HttpResponse, kind?: WebhookKind): number {
  let seconds: number | undefined;
  if (kind?.retryAfterSeconds) {
    try {
      seconds = kind.retryAfterSeconds(JSON.parse(res.body));
    } catch {
      // not JSON: the headers say it
    }
  }
  seconds ??= Number(res.headers["retry-after"] ?? res.headers["x-ratelimit-reset-after"]);
  if (!Number.isFinite(seconds) || seconds <= 0) seconds = 1;
  return Math.min(seconds * 1000, 10 * 60_000);
}

export type { DeliveryRequest, TestMessage, WebhookKind } from "./define-webhook-kind.js";
