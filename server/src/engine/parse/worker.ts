import { createRequire } from "node:module";
import { threadId } from "node:worker_threads";
import { CheckFailure } from "../platforms/types.js";

const require = createRequire(import.meta.url);
/** compiled (dist/server) the adapters are .js files; Node ≥ 20.19 requires ES modules without a flag */
const ext = import.meta.url.endsWith(".js") ? ".js" : ".ts";

export interface ParseTask {
  /** the adapter whose `pageParser` runs */
  adapter: string;
  args: unknown[];
}

export type ParseReply =
  | { ok: unknown; threadId: number }
  | { failure: { reason: CheckFailure["reason"]; message: string; host?: string; wall?: string } }
  | { error: { name: string; message: string } };

/** generic readers that have a page parser, beside the platform files: their module and export */
const GENERIC_OWNERS: Record<string, [file: string, name: string]> = {
  jsonld: [`../platforms/support/jsonld${ext}`, "jsonLdAdapter"],
};

/**
 * The adapter's page parser, from its own file: a platform's `platforms/<key>.ts`, whose record is
 * exported under its key. Required, not imported: under Node 20 a worker thread loads TypeScript
 * through the loader's require hook only, and the registry's top-level await cannot be required.
 */
function pageParserOf(adapter: string): ((...args: unknown[]) => unknown) | undefined {
  if (!/^[a-z0-9]+$/.test(adapter)) return undefined;
  const [file, name] = GENERIC_OWNERS[adapter] ?? [`../platforms/${adapter}${ext}`, adapter];
  const owner = (require(file) as Record<string, { pageParser?: (...args: unknown[]) => unknown }>)[name];
  return owner?.pageParser;
}

/** runs in a worker thread of the parse pool: errors come back as values, CheckFailure kept */
export default function parseInWorker(task: ParseTask): ParseReply {
  try {
    const parse = pageParserOf(task.adapter);
    if (!parse) throw new Error(`${task.adapter} has no page parser`);
    return { ok: parse(...task.args), threadId };
  } catch (error) {
    return errorReply(error);
  }
}

/** a parser's error as the worker sends it back: a CheckFailure whole (its host and wall kept) */
export function errorReply(error: unknown): Exclude<ParseReply, { ok: unknown }> {
  if (error instanceof CheckFailure) {
    const { reason, message, host, wall } = error;
    return { failure: { reason, message, host, wall } };
  }
  const e = error as Error;
  return { error: { name: e?.name ?? "Error", message: e?.message ?? String(error) } };
}

/** the error a reply stands for, as the parser threw it */
export function replyError(reply: Exclude<ParseReply, { ok: unknown }>): Error {
  if ("failure" in reply) {
    const { reason, message, host, wall } = reply.failure;
    return new CheckFailure(reason, message, host, wall);
  }
  return reply.error.name === "TypeError"
    ? new TypeError(reply.error.message)
    : new Error(reply.error.message);
}
