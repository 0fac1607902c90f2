import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import { CheckFailure } from "../platforms/types.js";
import { type ParseReply, type ParseTask, replyError } from "./worker.js";

/**
 * Heavy pages are parsed off the event loop: a page of at least `minBytes` goes to a small pool of
 * worker threads (piscina), so a 1.5 MB product page parsed with cheerio does not hold every other
 * check and API answer meanwhile. Smaller pages are parsed in place (a worker round trip costs more).
 */
const settings = {
  minBytes: 256 * 1024,
  maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** a thread with nothing to parse for this long ends: a small install keeps none while it waits */
  idleMs: 30_000,
  /** how long a parse may go on for nobody after its check gave up, before its thread is ended */
  abortGraceMs: 30_000,
};
let pool: Piscina | null = null;
/** pages parsed in a worker since start (tests and benchmarks read it) */
export const parseStats = { inWorker: 0, inPlace: 0 };

export function configureParsePool(change: Partial<typeof settings>): void {
  Object.assign(settings, change);
}

/** compiled (dist/server, `npm start`) the worker is plain JavaScript beside this file */
const compiled = import.meta.url.endsWith(".js");

/** from the TypeScript sources the worker needs tsx: inherited under tsx, added elsewhere (vitest) */
function workerExecArgv(): string[] {
  if (compiled) return process.execArgv;
  const hasTsx = process.execArgv.some((arg) => arg.includes("tsx"));
  return hasTsx ? process.execArgv : [...process.execArgv, "--import", "tsx"];
}

function thePool(): Piscina {
  pool ??= new Piscina({
    filename: new URL(compiled ? "./worker.js" : "./worker.ts", import.meta.url).href,
    minThreads: 0,
    maxThreads: settings.maxThreads,
    idleTimeout: settings.idleMs,
    execArgv: workerExecArgv(),
  });
  return pool;
}

/** a whole HTML page's parser: takes the page first; the rest and its result survive structured cloning */
// biome-ignore lint/suspicious/noExplicitAny: any parser's own arguments
export type PageParser = (html: string, ...rest: any[]) => unknown;

/** an adapter with a page parser: the worker finds the same function by the adapter's key */
export interface PageParserOwner<P extends PageParser> {
  key: string;
  pageParser: P;
}

/**
 * Runs an adapter's page parser: in place for a small page, in a worker for a big one, where the
 * worker looks the adapter up by its key in the registry. Throws what the parser throws
 * (CheckFailure kept), or the signal's reason when it aborts first.
 */
export async function parsePage<P extends PageParser>(
  owner: PageParserOwner<P>,
  args: Parameters<P>,
  signal?: AbortSignal,
): Promise<ReturnType<P>> {
  const html = args[0];
  if (html.length < settings.minBytes) {
    parseStats.inPlace++;
    return (owner.pageParser as (...a: unknown[]) => unknown)(...(args as unknown[])) as ReturnType<P>;
  }
  const task: ParseTask = { adapter: owner.key, args };
  signal?.throwIfAborted();
  // The check's deadline does not end the thread at once: aborting a piscina task terminates its
  // thread, and a new thread loads every parser again (seconds on a busy machine, longer than a
  // check's deadline), so a host with heavy pages would never be read. The parse may finish for
  // nobody; only one that is still running `abortGraceMs` later has its thread ended.
  const end = new AbortController();
  let grace: NodeJS.Timeout | undefined;
  const running = thePool().run(task, { signal: end.signal }) as Promise<ParseReply>;
  let reply: ParseReply;
  try {
    reply = await untilAborted(running, signal, () => {
      grace = setTimeout(() => end.abort(), settings.abortGraceMs);
      grace.unref();
      running.then(
        () => clearTimeout(grace),
        () => clearTimeout(grace),
      );
    });
  } catch (error) {
    if (signal?.aborted && signal.reason instanceof CheckFailure) throw signal.reason;
    throw error;
  }
  parseStats.inWorker++;
  if ("ok" in reply) return reply.ok as ReturnType<P>;
  throw replyError(reply);
}

/** the task's answer, or the signal's reason as soon as it aborts (then `onAbort` runs once) */
function untilAborted<T>(task: Promise<T>, signal: AbortSignal | undefined, onAbort: () => void): Promise<T> {
  if (!signal) return task;
  return new Promise<T>((resolve, reject) => {
    const abort = () => {
      task.catch(() => {}); // answered for nobody
      onAbort();
      reject(signal.reason);
    };
    signal.addEventListener("abort", abort, { once: true });
    task.then(
      (value) => {
        signal.removeEventListener("abort", abort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener("abort", abort);
        reject(error);
      },
    );
  });
}

/** the parse threads alive now: none before the first heavy page, none again once they idled */
export function parseThreads(): number {
  return pool?.threads.length ?? 0;
}

/** stops the pool's threads (process shutdown) */
export async function closeParsePool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.destroy();
}
