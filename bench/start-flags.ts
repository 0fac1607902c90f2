import fs from "node:fs";
import path from "node:path";

const startScript = (): string =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "..", "package.json"), "utf8")).scripts.start;

/**
 * node's flags in `npm start` (package.json's start script), so that a benchmark's server or engine
 * process runs with the garbage collector settings production runs with; a benchmark's
 * `--node-args "…"` replaces them to compare
 */
export function startNodeArgs(): string[] {
  const i = process.argv.indexOf("--node-args");
  if (i > 0) return (process.argv[i + 1] ?? "").split(" ").filter(Boolean);
  return startScript()
    .replace(/^(\w+=\S+\s+)*node\s+|\s*scripts\/start\.mjs.*$/g, "")
    .split(" ")
    .filter(Boolean);
}

/**
 * the variables `npm start` sets before node (MALLOC_ARENA_MAX=2), which glibc reads as the process
 * starts; `--start-env ""` leaves them out to compare
 */
export function startEnv(): Record<string, string> {
  const i = process.argv.indexOf("--start-env");
  const prefix =
    i > 0 ? (process.argv[i + 1] ?? "") : (/^((\w+=\S+\s+)*)node\s/.exec(startScript())?.[1] ?? "");
  return Object.fromEntries(
    prefix
      .split(" ")
      .filter(Boolean)
      .map((pair) => pair.split("=", 2) as [string, string]),
  );
}
