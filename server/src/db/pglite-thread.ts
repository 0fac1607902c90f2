import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import {
  type Call,
  fromWireError,
  type Message,
  type Request,
  type WireQueryOptions,
} from "./pglite-protocol.js";

/**
 * The embedded database as seen from the main thread: the PGlite instance lives in a worker thread
 * (pglite-worker.mjs) and this object forwards what drizzle's pglite driver, the engine's raw
 * queries, the change feed and the backups call on it. Statements still run one at a time, as in
 * PGlite itself, but the event loop only waits for their answers instead of running them.
 */
export interface PGliteRunner {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** what the app uses of PGlite, whether it runs in this thread or in another */
export interface EmbeddedDatabase extends PGliteRunner {
  transaction<T>(fn: (tx: PGliteRunner) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * drizzle's session passes parsers that keep dates and intervals as PostgreSQL's text; functions
 * cannot cross a thread, so only such identity parsers are accepted, named by their type.
 */
function wireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, paramTypes, ...rest } = options;
  if (Object.keys(rest).length > 0)
    throw new Error(`PGlite noutra thread: opções não suportadas (${Object.keys(rest).join(", ")})`);
  const wire: WireQueryOptions = { rowMode, paramTypes };
  if (parsers) {
    wire.textTypes = Object.entries(parsers).map(([oid, parse]) => {
      if (parse("1", Number(oid)) !== "1")
        throw new Error(`PGlite noutra thread: só conversores que mantêm o texto (tipo ${oid})`);
      return Number(oid);
    });
  }
  return wire;
}

export class PGliteThread implements EmbeddedDatabase {
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (message: Message) => this.receive(message));
    worker.on("error", (error) => this.lost(error));
    worker.on("exit", (code) => this.lost(new Error(`a thread do PGlite terminou (código ${code})`)));
    // like an idle PGlite in this thread, an idle worker must not keep the process alive
    worker.unref();
  }

  /** starts the thread and opens the database there (`dataDir` null: in memory) */
  static async open(dataDir: string | null): Promise<PGliteThread> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
      workerData: { dataDir },
      // plain JavaScript: the thread needs none of this process's loaders or flags
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Message) => {
        if ("ready" in message) done(null);
        else if ("failed" in message) done(fromWireError(message.failed));
      };
      const onExit = (code: number) =>
        done(new Error(`a thread do PGlite terminou ao abrir (código ${code})`));
      const done = (error: Error | null) => {
        worker.off("message", onMessage);
        worker.off("error", done);
        worker.off("exit", onExit);
        if (error) {
          void worker.terminate();
          reject(error);
        } else resolve();
      };
      worker.on("message", onMessage);
      worker.on("error", done);
      worker.on("exit", onExit);
    });
    return new PGliteThread(worker);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call({ op: "query", sql, params, options: wireOptions(options), tx }) as Promise<Results<T>>;
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", sql, tx }) as Promise<Results[]>;
  }

  async transaction<T>(fn: (tx: PGliteRunner) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: "begin" })) as number;
    const tx: PGliteRunner = {
      query: (sql, params, options) => this.query(sql, params, options, id),
      exec: (sql) => this.exec(sql, id),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      await this.call({ op: "end", tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: "end", tx: id, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      await this.call({ op: "listen", channel });
    }
    callbacks.add(callback);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(callback) || current.size > 0) return;
      this.listeners.delete(channel);
      await this.call({ op: "unlisten", channel });
    };
  }

  async dumpDataDir(compression: "none" | "gzip" | "auto" = "auto"): Promise<Blob> {
    return new Blob([(await this.call({ op: "dump", compression })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.call({ op: "close" });
    this.stop(new Error("a base de dados foi fechada"));
    await this.worker.terminate();
  }

  private call(request: Request): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    // a statement on its way must keep the process alive until its answer arrives
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } satisfies Call);
    });
  }

  private receive(message: Message): void {
    if ("notify" in message) {
      for (const callback of this.listeners.get(message.notify) ?? []) {
        try {
          callback(message.payload);
        } catch (error) {
          // thrown in a message handler it would end the process; in PGlite's thread it did not
          console.warn(`Aviso da base de dados não tratado: ${(error as Error).message}`);
        }
      }
      return;
    }
    if (!("id" in message)) return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if ("error" in message) waiting.reject(fromWireError(message.error));
    else waiting.resolve(message.value);
  }

  /** the thread ended without close(): every statement from now on fails with the reason */
  private lost(reason: Error): void {
    if (this.stopped) return;
    console.error(`Base de dados embutida indisponível: ${reason.message}`);
    this.stop(reason);
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}
