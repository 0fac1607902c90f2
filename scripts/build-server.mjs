#!/usr/bin/env node
// Compiles the server (server/src and common/) to plain JavaScript in dist/server, one output file
// per source file so that folder-relative code (the platform registry reads its folder, workers load
// their file beside them) keeps working. Imports are rewritten to the compiled files' paths: the
// sources import without extensions and through the @common alias, which Node cannot resolve.
// Used by `npm start`; `npm run dev` and the tests keep running the TypeScript through tsx.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sourceDirs = ["server/src", "common"];
const isSource = (name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name);

function sources(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ["testing", "__fixtures__"].includes(entry.name) ? [] : sources(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** where a source file lands: server/src/x.ts → <outdir>/server/src/x.js */
const outputIn = (outdir, source) => path.join(outdir, path.relative(root, source)).replace(/\.tsx?$/, ".js");

function resolveSource(spec, importer) {
  const base = spec.startsWith("@common/")
    ? path.join(root, "common", spec.slice("@common/".length))
    : path.resolve(path.dirname(importer), spec);
  const stem = base.replace(/\.[cm]?js$/, "");
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, base]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** every import of our own code stays an import, pointed at the compiled file beside it */
const ownImports = (outputOf) => ({
  name: "own-imports",
  setup(build) {
    build.onResolve({ filter: /^(\.{1,2}\/|@common\/)/ }, (args) => {
      if (args.kind === "entry-point" || args.path.endsWith(".json")) return undefined;
      const source = resolveSource(args.path, args.importer);
      if (!source)
        return { errors: [{ text: `não encontrei ${args.path} (importado por ${args.importer})` }] };
      if (!isSource(path.basename(source))) return { path: args.path, external: true };
      let relative = path.relative(path.dirname(outputOf(args.importer)), outputOf(source));
      if (!relative.startsWith(".")) relative = `./${relative}`;
      return { path: relative, external: true };
    });
  },
});

/** compiles into `outdir` (inside the project: the compiled code finds the project by its package.json) */
export async function buildServer(outdir = path.join(root, "dist/server")) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const entryPoints = sourceDirs.flatMap((dir) => sources(path.join(root, dir)));
  await esbuild.build({
    entryPoints,
    outdir,
    outbase: root,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [ownImports((source) => outputIn(outdir, source))],
  });
  // plain JavaScript the sources load by path: the PGlite thread's module
  for (const file of ["server/src/db/pglite-worker.mjs"]) {
    fs.copyFileSync(path.join(root, file), path.join(outdir, file));
  }
  return entryPoints.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const count = await buildServer();
  console.log(`Servidor compilado: ${count} ficheiros em dist/server`);
}
