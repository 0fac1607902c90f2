import fs from "node:fs";
import path from "node:path";

/** package.json's start script, split: the variables set before node, then node's flags */
function startCommand(): { variables: string[]; nodeArgs: string[] } {
  const script: string = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, "..", "package.json"), "utf8"),
  ).scripts.start;
  const [, variables = "", nodeArgs = ""] =
    /^((?:\w+=\S+\s+)*)node\s+(.*?)\s*scripts\/start\.mjs/.exec(script) ?? [];
  const words = (text: string) => text.split(" ").filter(Boolean);
  return { variables: words(variables), nodeArgs: words(nodeArgs) };
}

/** the value given after `--name` on the benchmark's command line, if any */
const given = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? "") : undefined;
};

/**
 * node's flags in `npm start` (package.json's start script), so that a benchmark's server or engine
 * process runs with the garbage collector settings production runs with; a benchmark's
 * `--node-args "…"` replaces them to compare
 */
export function startNodeArgs(): string[] {
  const args = given("node-args");
  return args === undefined ? startCommand().nodeArgs : args.split(" ").filter(Boolean);
}

/**
 * the variables `npm start` sets before node (MALLOC_ARENA_MAX=2), which glibc reads as the process
 * starts; `--start-env ""` leaves them out to compare
 */
export function startEnv(): Record<string, string> {
  const env = given("start-env");
  const pairs = env === undefined ? startCommand().variables : env.split(" ").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => pair.split("=", 2) as [string, string]));
}
