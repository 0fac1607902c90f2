import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import v8 from "node:v8";

/** what PGlite.create would otherwise read and compile again on every open */
export interface PGliteBinaries {
  pgliteWasmModule?: WebAssembly.Module;
  initdbWasmModule?: WebAssembly.Module;
  /** pglite.data, as bytes: a thread makes its Blob */
  fsBundle?: Uint8Array<ArrayBuffer>;
}

let binaries: Promise<PGliteBinaries> | null = null;

/**
 * PGlite's WebAssembly compiled once per process: each thread (each open, each reopen after a stuck
 * statement) starts from the compiled module, about 1.5 s less per open. A compiled module crosses
 * to a worker thread without being compiled again. If PGlite's files are not where this version
 * keeps them, PGlite loads them itself, as before.
 */
export function pgliteBinaries(): Promise<PGliteBinaries> {
  binaries ??= load().catch(() => ({}));
  return binaries;
}

/**
 * V8 compiles WebAssembly quickly first, then again with its optimising compiler once a function
 * has run enough (the tiering budget, 1.8 MB of executed code by default). PostgreSQL's start and
 * first statements reach that for hundreds of its functions, and the optimising compiler's work
 * stays in the process: ~40 MB of an idle install. With a budget 500 times larger only the
 * functions that stay hot under a steady load are optimised. Process-wide (also undici's HTTP
 * parser, whose functions are hot enough); set before PGlite's module is compiled.
 */
const WASM_TIERING_BUDGET = 1_000_000_000;

async function load(): Promise<PGliteBinaries> {
  // PGLITE_WASM_TIERING_BUDGET=0 keeps V8's own budget (more memory, for comparisons and big installs)
  const budget = Number(process.env.PGLITE_WASM_TIERING_BUDGET ?? WASM_TIERING_BUDGET);
  if (budget > 0) v8.setFlagsFromString(`--wasm-tiering-budget=${budget}`);
  const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([
    WebAssembly.compile(await fs.promises.readFile(path.join(dist, "pglite.wasm"))),
    WebAssembly.compile(await fs.promises.readFile(path.join(dist, "initdb.wasm"))),
  ]);
  const data = await fs.promises.readFile(path.join(dist, "pglite.data"));
  const fsBundle = new Uint8Array(
    data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
  );
  return { pgliteWasmModule, initdbWasmModule, fsBundle };
}
