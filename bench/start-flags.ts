import fs from "node:fs";
import path from "node:path";

/**
 * node's flags in `npm start` (package.json's start script), so that a benchmark's server or engine
 * process runs with the garbage collector settings production runs with; `override` (a benchmark's
 * `--node-args "…"`) replaces them to compare
 */
export function startNodeArgs(override?: string): string[] {
  const packageJson = path.resolve(import.meta.dirname, "..", "package.json");
  const startScript: string = JSON.parse(fs.readFileSync(packageJson, "utf8")).scripts.start;
  return (override ?? startScript.replace(/^node\s+|\s*scripts\/start\.mjs.*$/g, ""))
    .split(" ")
    .filter(Boolean);
}
