// The thread that owns the embedded database (see pglite-thread.ts; the messages are typed in
// pglite-protocol.ts). PGlite runs each statement synchronously in WebAssembly: here that blocks
// only this thread, never the server's event loop. Plain JavaScript, so the thread starts without
// a TypeScript loader (tsx does not register itself in worker threads on Node 20).
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";

const port = parentPort;
const { dataDir, postgresqlconf, beatMs, loadDataDir, pgliteWasmModule, initdbWasmModule, fsBundle } =
  workerData;
const send = (message, transfer = []) => port.postMessage(message, transfer);

/** an error's name, message and primitive fields (a DatabaseError's code, detail, constraint…) */
function toWireError(error) {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const wire = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error))
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      wire[key] = value;
  return wire;
}

const ROLLBACK = Symbol("rollback");
/** id → { tx, finish(commit), done } */
const transactions = new Map();
/** channel → PGlite's unlisten */
const unlistens = new Map();
let nextTransaction = 1;
const asText = (value) => value;

function queryOptions(wire) {
  if (!wire?.textTypes) return wire;
  const { textTypes, ...rest } = wire;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((oid) => [oid, asText])) };
}

// PGlite's transaction() keeps every other statement waiting until its callback returns; the
// callback here returns when the main thread says commit or rollback
function begin(pg) {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
    let finish;
    const decided = new Promise((resolve) => {
      finish = resolve;
    });
    const done = pg
      .transaction(async (tx) => {
        transactions.set(id, { tx, finish, done });
        started(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .then(
        () => {},
        (error) => {
          if (error !== ROLLBACK) throw error;
        },
      )
      .finally(() => transactions.delete(id));
    done.catch(failed);
  });
}

/** names of the statements this thread's database has parsed (op "prepared") */
const preparedNames = new Set();

/**
 * The engine's hot statements (a lease, a batch write, dozens a second) parsed and planned once
 * under a name, then only bound and run: PGlite's query() sends each one unnamed, so PostgreSQL
 * parses and plans it every time, which cost more than running it. The steps are query()'s own
 * (the same locks, a Sync after, the same result parsing) with the statement named.
 */
function runPrepared(pg, { name, sql, params }) {
  const { serialize } = protocol;
  return pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const messages = [];
      const send = async (message) =>
        messages.push(...(await pg.execProtocolStream(message, { syncToFs: false })));
      try {
        if (!preparedNames.has(name)) {
          await send(serialize.parse({ name, text: sql }));
          preparedNames.add(name);
        }
        await send(
          serialize.bind({ statement: name, values: params.map((v) => (v === null ? null : String(v))) }),
        );
        await send(serialize.describe({ type: "P" }));
        await send(serialize.execute({}));
      } finally {
        messages.push(...(await pg.execProtocolStream(serialize.sync(), { syncToFs: false })));
      }
      await pg.syncToFs();
      return parse.parseResults(messages, pg.parsers)[0];
    }),
  );
}

function runner(pg, tx) {
  if (tx === undefined) return pg;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transação ${tx} já terminou`);
  return open.tx;
}

/**
 * SM_TRACE_SQL=1 (for profiling, e.g. bench:footprint --server-log): every 20 s, on the console,
 * the statements this thread answered, by the hot statement's name or the SQL's first words, with
 * how many and the ms from each call to its answer (a wait behind another statement included)
 */
const traced = process.env.SM_TRACE_SQL ? new Map() : null;
if (traced)
  setInterval(() => {
    const lines = [...traced].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20);
    console.log(
      `SM_TRACE_SQL 20 s: ${lines.map(([key, t]) => `${t.count}× ${Math.round(t.ms)} ms ${key}`).join(" | ")}`,
    );
    traced.clear();
  }, 20_000).unref();

function trace(call, started) {
  const key = `${call.op} ${call.name ?? (call.sql ?? "").replace(/\s+/g, " ").trim().slice(0, 60)}`;
  const t = traced.get(key) ?? { count: 0, ms: 0 };
  t.count++;
  t.ms += performance.now() - started;
  traced.set(key, t);
}

async function answer(pg, call) {
  switch (call.op) {
    case "query":
      return runner(pg, call.tx).query(call.sql, call.params, queryOptions(call.options));
    case "exec":
      return runner(pg, call.tx).exec(call.sql);
    case "prepared":
      return runPrepared(pg, call);
    case "begin":
      return begin(pg);
    case "end": {
      const open = transactions.get(call.tx);
      if (!open) throw new Error(`transação ${call.tx} já terminou`);
      open.finish(call.commit);
      return open.done;
    }
    case "listen":
      if (!unlistens.has(call.channel))
        unlistens.set(
          call.channel,
          await pg.listen(call.channel, (payload) => send({ notify: call.channel, payload })),
        );
      return undefined;
    case "unlisten":
      await unlistens.get(call.channel)?.();
      unlistens.delete(call.channel);
      return undefined;
    case "dump":
      return (await pg.dumpDataDir(call.compression)).arrayBuffer();
    case "close":
      for (const unlisten of unlistens.values()) await unlisten().catch(() => {});
      unlistens.clear();
      await pg.close();
      return undefined;
    default:
      throw new Error(`pedido desconhecido: ${call.op}`);
  }
}

try {
  const pg = await PGlite.create({
    dataDir: dataDir ?? undefined,
    postgresqlconf,
    // compiled once by the main thread (pglite-binaries.ts)
    pgliteWasmModule,
    initdbWasmModule,
    fsBundle: fsBundle ? new Blob([fsBundle]) : undefined,
    loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  });
  // while calls are in flight the thread says it is alive: a statement that never returns stops
  // the beats, and the main thread ends this thread past its deadline (pglite-thread.ts)
  let inFlight = 0;
  let beats = null;
  const settled = () => {
    if (--inFlight === 0) {
      clearInterval(beats);
      beats = null;
    }
  };
  port.on("message", (call) => {
    if (inFlight++ === 0) beats = setInterval(() => send({ beat: true }), beatMs ?? 250);
    const started = traced ? performance.now() : 0;
    answer(pg, call)
      .finally(() => traced && trace(call, started))
      .then(
        (value) => send({ id: call.id, value }, value instanceof ArrayBuffer ? [value] : []),
        (error) => send({ id: call.id, error: toWireError(error) }),
      )
      .finally(settled);
  });
  send({ ready: true });
} catch (error) {
  send({ failed: toWireError(error) });
}
