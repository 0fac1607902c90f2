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
  | { failure: { reason: CheckFailure["reason"]; message: string; host?: string } }
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
    if (error instanceof CheckFailure) {
      return { failure: { reason: error.reason, message: error.message, host: error.host } };
    }
    const e = error as Error;
    return { error: { name: e?.name ?? "Error", message: e?.message ?? String(error) } };
  }
}
