import fs from "node:fs";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import {
  type Call,
  fromWireError,
  type Message,
  type PreparedParam,
  type Request,
  type WireQueryOptions,
} from "./pglite-protocol.js";
import { pgliteBinaries } from "./pglite-binaries.js";
import { DatabaseUnavailableError } from "./unavailable.js";

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
  /** told when the database was reopened after a stuck thread: notifications may have been missed */
  onReopen?(callback: () => void): void;
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

/** how often a busy thread says it is alive, and how often the watchdog looks */
const BEAT_MS = 250;
/** a backup's dump reads every file of the database: it gets this many statement deadlines */
const DUMP_DEADLINES = 10;
/** after a failed reopen (a disk still full), the next statement tries again after this */
const REOPEN_RETRY_MS = 2_000;
/** close() waits this long for PGlite's own close (its checkpoint) before ending the thread */
const CLOSE_WAIT_MS = 5_000;
/** statements waiting for the thread beyond this many are refused at once (503), not queued */
const MAX_WAITING = 10_000;

/** a transaction as the main thread holds it: idle while its caller awaits something else */
interface OpenTransaction {
  id: number;
  /** its statements on their way to the thread */
  busy: number;
  idleSince: number;
  /** set when it was rolled back for idling while others waited */
  abandoned: DatabaseUnavailableError | null;
}

/** starts a thread and opens the database there (`dataDir` null: in memory) */
async function startWorker(
  dataDir: string | null,
  postgresqlconf: string[],
  loadDataDir?: ArrayBuffer,
): Promise<Worker> {
  const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), {
    workerData: { dataDir, postgresqlconf, beatMs: BEAT_MS, loadDataDir, ...(await pgliteBinaries()) },
    // plain JavaScript: the thread needs none of this process's loaders or flags
    execArgv: [],
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: Message) => {
      if ("ready" in message) done(null);
      else if ("failed" in message) done(fromWireError(message.failed));
    };
    const onExit = (code: number) => done(new Error(`a thread do PGlite terminou ao abrir (código ${code})`));
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
  return worker;
}

/**
 * Below this much free space a stuck or unopenable database is taken for a full disk: PGlite
 * needs a whole 16 MB WAL segment to start, and hangs when it cannot write one.
 */
const FULL_DISK_BYTES = 32 * 1024 * 1024;

function diskFull(dir: string | null): boolean {
  if (dir === null) return false;
  try {
    const stats = fs.statfsSync(dir);
    return stats.bavail * stats.bsize < FULL_DISK_BYTES;
  } catch {
    return false;
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * PGlite runs each statement synchronously in its thread; a statement that never returns (PGlite
 * spinning after a failed write to a full disk) would hold every later one forever. A busy thread
 * posts a beat every BEAT_MS; when none arrives for the statement deadline, the thread is ended,
 * what waited on it fails with DatabaseUnavailableError (503), and the database is reopened from
 * its folder (PostgreSQL's crash recovery, as after kill -9). A folder that cannot be reopened yet
 * (still no room for a new WAL segment) is tried again by a later statement.
 */
export class PGliteThread implements EmbeddedDatabase {
  private readonly pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; op: Request["op"] }
  >();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly reopenCallbacks = new Set<() => void>();
  private nextId = 1;
  /** raised at every new thread: a transaction begun in an earlier one must not run in a later one */
  private generation = 0;
  private stopped: Error | null = null;
  /** why there is no thread now (ended past its deadline, reopening or failed to reopen) */
  private down: Error | null = null;
  private reopening: Promise<void> | null = null;
  /** swapDataDir at work: new statements are refused while the old folder closes */
  private swapping = false;
  private nextReopenAt = 0;
  private lastHeard = 0;
  private watchdog: NodeJS.Timeout | null = null;
  private statementTimeoutMs = 0;
  private readonly openTransactions = new Set<OpenTransaction>();
  private maxWaiting = MAX_WAITING;

  private constructor(
    private worker: Worker | null,
    private readonly dataDir: string | null,
    private readonly postgresqlconf: string[],
  ) {
    if (worker) this.attach(worker);
  }

  static async open(
    dataDir: string | null,
    postgresqlconf: string[] = [],
    options: {
      statementTimeoutMs?: number;
      maxWaiting?: number;
      /** a dumpDataDir("none") tarball to start from instead of an empty cluster (a new database only) */
      loadDataDir?: ArrayBuffer;
    } = {},
  ): Promise<PGliteThread> {
    const worker = await startWorker(dataDir, postgresqlconf, options.loadDataDir);
    const thread = new PGliteThread(worker, dataDir, postgresqlconf);
    thread.setStatementTimeout(options.statementTimeoutMs ?? 0);
    thread.maxWaiting = options.maxWaiting ?? MAX_WAITING;
    return thread;
  }

  /** 0: no deadline (migrations run so); otherwise the thread may be busy this long per statement */
  setStatementTimeout(ms: number): void {
    this.statementTimeoutMs = ms;
  }

  /** the data folder, or null in memory */
  get folder(): string | null {
    return this.dataDir;
  }

  get statementTimeout(): number {
    return this.statementTimeoutMs;
  }

  onReopen(callback: () => void): void {
    this.reopenCallbacks.add(callback);
  }

  query<T>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    tx?: number,
    generation?: number,
  ): Promise<Results<T>> {
    return this.call({ op: "query", sql, params, options: wireOptions(options), tx }, generation) as Promise<
      Results<T>
    >;
  }

  /** a statement parsed and planned once per thread under `name` (db/prepared.ts) */
  queryPrepared<T>(name: string, sql: string, params: PreparedParam[]): Promise<Results<T>> {
    return this.call({ op: "prepared", name, sql, params }) as Promise<Results<T>>;
  }

  exec(sql: string, tx?: number, generation?: number): Promise<Results[]> {
    return this.call({ op: "exec", sql, tx }, generation) as Promise<Results[]>;
  }

  /**
   * PGlite runs one transaction at a time and every other statement waits for it: a transaction
   * whose caller stays away (awaiting something slow between statements) longer than the statement
   * deadline while others wait is rolled back, and its next statement or its commit fails with 503.
   */
  async transaction<T>(fn: (tx: PGliteRunner) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const id = (await this.call({ op: "begin" })) as number;
    const open: OpenTransaction = { id, busy: 0, idleSince: Date.now(), abandoned: null };
    this.openTransactions.add(open);
    const run = (request: Request): Promise<unknown> => {
      if (open.abandoned) return Promise.reject(open.abandoned);
      open.busy++;
      return this.call(request, generation).finally(() => {
        open.busy--;
        open.idleSince = Date.now();
      });
    };
    const tx: PGliteRunner = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        run({ op: "query", sql, params, options: wireOptions(options), tx: id }) as Promise<Results<R>>,
      exec: (sql) => run({ op: "exec", sql, tx: id }) as Promise<Results[]>,
    };
    try {
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        if (!open.abandoned)
          await this.call({ op: "end", tx: id, commit: false }, generation).catch(() => {});
        throw open.abandoned ?? error;
      }
      if (open.abandoned) throw open.abandoned;
      await this.call({ op: "end", tx: id, commit: true }, generation);
      return result;
    } finally {
      this.openTransactions.delete(open);
    }
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

  /**
   * Closes the database, lets `swap` change its folder (a backup put in place) and opens it again.
   * Meanwhile every statement answers 503; a transaction begun before fails. Throws when the folder
   * then does not open (the caller still has the thread, which tries again at the next statement).
   */
  async swapDataDir(swap: () => void | Promise<void>): Promise<void> {
    if (this.dataDir === null || this.stopped) throw new Error("não há pasta de dados para trocar");
    await this.reopening;
    const worker = this.worker;
    this.down = new DatabaseUnavailableError(
      "a base de dados está a ser restaurada de um backup",
      "reopening",
    );
    this.swapping = true;
    this.generation++;
    if (worker) {
      // what was sent before finishes first: the worker answers in order, and close comes last
      await Promise.race([this.post(worker, { op: "close" }).catch(() => {}), delay(CLOSE_WAIT_MS)]);
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(this.down);
      this.pending.clear();
      worker.removeAllListeners();
      worker.on("error", () => {});
      await worker.terminate().catch(() => {});
    }
    try {
      await swap();
    } finally {
      this.swapping = false;
      const reopening = this.reopen();
      this.reopening = reopening;
      await reopening.finally(() => {
        this.reopening = null;
      });
    }
    if (!this.worker) throw this.down ?? new Error("a base de dados não reabriu");
  }

  async close(): Promise<void> {
    if (this.stopped) return;
    await this.reopening;
    const worker = this.worker;
    if (worker) {
      // a stuck thread cannot close its database: it is ended as kill -9 would, and recovers at next open
      await Promise.race([this.post(worker, { op: "close" }).catch(() => {}), delay(CLOSE_WAIT_MS)]);
    }
    this.stop(new Error("a base de dados foi fechada"));
    if (worker) {
      worker.removeAllListeners();
      await worker.terminate();
    }
  }

  private attach(worker: Worker): void {
    worker.on("message", (message: Message) => this.receive(worker, message));
    worker.on("error", (error) => this.lost(worker, error));
    worker.on("exit", (code) => this.lost(worker, new Error(`a thread do PGlite terminou (código ${code})`)));
    // like an idle PGlite in this thread, an idle worker must not keep the process alive
    worker.unref();
  }

  private call(request: Request, generation?: number): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    if (generation !== undefined && generation !== this.generation) {
      return Promise.reject(
        new DatabaseUnavailableError("a transação foi interrompida: a base de dados foi reaberta"),
      );
    }
    if (this.swapping) return Promise.reject(this.down);
    if (!this.worker) {
      this.reopenSoon();
      return Promise.reject(this.down ?? new DatabaseUnavailableError("a base de dados está a reabrir"));
    }
    // a transaction's own statements are never refused: the others wait for them
    if (this.pending.size >= this.maxWaiting && !("tx" in request && request.tx !== undefined)) {
      return Promise.reject(
        new DatabaseUnavailableError(`a base de dados tem ${this.pending.size} pedidos em espera`),
      );
    }
    return this.post(this.worker, request);
  }

  private post(worker: Worker, request: Request): Promise<unknown> {
    const id = this.nextId++;
    if (this.pending.size === 0) {
      // a statement on its way must keep the process alive until its answer arrives
      worker.ref();
      this.lastHeard = Date.now();
      this.startWatchdog();
    }
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, op: request.op });
      worker.postMessage({ ...request, id } satisfies Call);
    });
  }

  private receive(worker: Worker, message: Message): void {
    if (worker !== this.worker) return;
    this.lastHeard = Date.now();
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
    if (this.pending.size === 0) worker.unref();
    if ("error" in message) waiting.reject(fromWireError(message.error));
    else waiting.resolve(message.value);
  }

  private startWatchdog(): void {
    if (this.watchdog || this.statementTimeoutMs <= 0) return;
    this.watchdog = setInterval(() => this.watch(), Math.min(BEAT_MS, this.statementTimeoutMs / 2));
    this.watchdog.unref();
  }

  private watch(): void {
    if (this.pending.size === 0 || !this.worker || this.statementTimeoutMs <= 0) {
      if (this.watchdog) clearInterval(this.watchdog);
      this.watchdog = null;
      return;
    }
    this.rollBackIdleTransactions();
    const dumping = [...this.pending.values()].some((p) => p.op === "dump");
    const deadlineMs = this.statementTimeoutMs * (dumping ? DUMP_DEADLINES : 1);
    if (Date.now() - this.lastHeard > deadlineMs) {
      const full = diskFull(this.dataDir);
      const message = `a base de dados não respondeu em ${deadlineMs} ms${full ? " (sem espaço em disco)" : ""}`;
      void this.replace(this.worker, new DatabaseUnavailableError(message, full ? "disk-full" : "timeout"));
    }
  }

  /** only while statements wait (the watchdog runs then): an idle transaction holds them all */
  private rollBackIdleTransactions(): void {
    const worker = this.worker;
    if (!worker) return;
    const now = Date.now();
    for (const open of this.openTransactions) {
      if (open.abandoned || open.busy > 0 || now - open.idleSince <= this.statementTimeoutMs) continue;
      open.abandoned = new DatabaseUnavailableError(
        `uma transação esteve parada mais de ${this.statementTimeoutMs} ms com pedidos à espera e foi desfeita`,
      );
      console.error(`Base de dados embutida: ${open.abandoned.message}`);
      this.post(worker, { op: "end", tx: open.id, commit: false }).catch(() => {});
    }
  }

  /** the thread ended without close(), or was stuck: what waits on it fails, and it is reopened */
  private lost(worker: Worker, reason: Error): void {
    if (worker !== this.worker || this.stopped) return;
    void this.replace(worker, new DatabaseUnavailableError(reason.message, "reopening"));
  }

  private async replace(worker: Worker, reason: DatabaseUnavailableError): Promise<void> {
    if (worker !== this.worker) return;
    this.worker = null;
    this.generation++;
    worker.removeAllListeners();
    worker.on("error", () => {});
    this.down = reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
    console.error(
      `Base de dados embutida: ${reason.message}; a thread foi terminada${this.dataDir ? " e a base de dados vai ser reaberta" : ""}`,
    );
    await worker.terminate().catch(() => {});
    // in memory there is nothing to reopen: the data went with the thread
    if (this.dataDir === null) this.stop(reason);
    else this.reopenSoon();
  }

  private reopenSoon(): void {
    if (this.reopening || this.worker || this.stopped || Date.now() < this.nextReopenAt) return;
    this.reopening = this.reopen().finally(() => {
      this.reopening = null;
    });
  }

  private async reopen(): Promise<void> {
    try {
      const worker = await startWorker(this.dataDir, this.postgresqlconf);
      if (this.stopped) {
        await worker.terminate();
        return;
      }
      this.attach(worker);
      this.worker = worker;
      for (const channel of this.listeners.keys()) await this.post(worker, { op: "listen", channel });
      this.down = null;
      console.warn("Base de dados embutida reaberta");
      for (const callback of this.reopenCallbacks) callback();
    } catch (error) {
      this.nextReopenAt = Date.now() + REOPEN_RETRY_MS;
      const full = diskFull(this.dataDir);
      const message = `a base de dados embutida não reabriu (${(error as Error).message})${full ? ": sem espaço em disco" : ""}`;
      this.down = new DatabaseUnavailableError(message, full ? "disk-full" : "reopening");
      console.error(`Base de dados embutida: ${message}`);
      const worker = this.worker;
      if (worker) {
        this.worker = null;
        this.generation++;
        worker.removeAllListeners();
        for (const waiting of this.pending.values()) waiting.reject(this.down);
        this.pending.clear();
        await worker.terminate().catch(() => {});
      }
    }
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = null;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }
}
