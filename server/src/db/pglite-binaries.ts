import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

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

async function load(): Promise<PGliteBinaries> {
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
