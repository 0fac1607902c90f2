import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./server/test/sequencer";

const INCLUDE = [
  "common/**/*.test.ts",
  "server/**/*.test.ts",
  "tools/**/*.test.ts",
  "client/src/**/*.test.ts",
  "client/src/**/*.test.tsx",
];

/**
 * Files that need a process of their own: the browser's (i18n's language, React's stores are
 * process-wide and a test switches them) and the one that sees the process's metrics appear on the
 * first scrape. Every other file shares its worker process with the files before it
 * (docs/decisions.md, "Test files share their process").
 */
const OWN_PROCESS = [
  "client/src/**/*.test.ts",
  "client/src/**/*.test.tsx",
  "server/src/services/metrics-http.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@": path.resolve(import.meta.dirname, "client/src"),
    },
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // the longest files first, also on a clean clone with no durations cached
    sequence: { sequencer: LongestFirstSequencer },
    // Most files wait (engines, servers, PGlite starting), so three at a time on a 2-core machine:
    // the suite took 1 847 s with Vitest's default of one, 962 s with two, and on 29 Nov 643 s with
    // two against 523 s with three (docs/decisions.md)
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    // scrypt at a 16th of its cost: the suite signs in and creates users thousands of times
    // (docs/decisions.md, "Passwords hashed at a lower cost in the tests")
    env: { NODE_ENV: "test", PASSWORD_HASH_COST: "1024" },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: INCLUDE,
          exclude: OWN_PROCESS,
          // the app's modules are imported once per worker instead of once per file: 297 s of the
          // suite's 2 000 s of file time on a 2-core machine; what a process keeps is reset per file
          isolate: false,
          setupFiles: ["server/test/fresh-process-state.ts"],
          // the migrated template databases, built once (a project's global setup runs per project)
          globalSetup: ["server/test/database-templates.ts"],
        },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS } },
    ],
  },
});
