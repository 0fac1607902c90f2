import fs from "node:fs";
import path from "node:path";

/**
 * node's flags in `npm start` (package.json's start script), so that a benchmark's server or engine
 * process runs with the garbage collector settings production runs with; a benchmark's
 * `--node-args "…"` replaces them to compare
 */
export function startNodeArgs(): string[] {
  const i = process.argv.indexOf("--node-args");
  if (i > 0) return (process.argv[i + 1] ?? "").split(" ").filter(Boolean);
  const packageJson = path.resolve(import.meta.dirname, "..", "package.json");
  const startScript: string = JSON.parse(fs.readFileSync(packageJson, "utf8")).scripts.start;
  return startScript
    .replace(/^node\s+|\s*scripts\/start\.mjs.*$/g, "")
    .split(" ")
    .filter(Boolean);
}
