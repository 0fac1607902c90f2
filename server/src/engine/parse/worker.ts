import { threadId } from "node:worker_threads";
import { CheckFailure } from "../platforms/types.js";
import { PAGE_PARSERS, type PageParserName } from "./parsers.js";

export interface ParseTask {
  parser: PageParserName;
  args: unknown[];
}

export type ParseReply =
  | { ok: unknown; threadId: number }
  | { failure: { reason: CheckFailure["reason"]; message: string; host?: string } }
  | { error: { name: string; message: string } };

/** runs in a worker thread of the parse pool: errors come back as values, CheckFailure kept */
export default function parseInWorker(task: ParseTask): ParseReply {
  try {
    const parse = PAGE_PARSERS[task.parser] as (...args: unknown[]) => unknown;
    return { ok: parse(...task.args), threadId };
  } catch (error) {
    if (error instanceof CheckFailure) {
      return { failure: { reason: error.reason, message: error.message, host: error.host } };
    }
    const e = error as Error;
    return { error: { name: e?.name ?? "Error", message: e?.message ?? String(error) } };
  }
}
