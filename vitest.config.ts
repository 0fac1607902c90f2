import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirstSequencer from "./server/test/sequencer";

export default defineConfig({
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@": path.resolve(import.meta.dirname, "client/src"),
    },
  },
  test: {
    include: [
      "common/**/*.test.ts",
      "server/**/*.test.ts",
      "tools/**/*.test.ts",
      "client/src/**/*.test.ts",
      "client/src/**/*.test.tsx",
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["server/test/database-templates.ts"],
    // the longest files first, also on a clean clone with no durations cached
    sequence: { sequencer: LongestFirstSequencer },
    // Most files wait (engines, servers, PGlite starting), so three at a time on a 2-core machine:
    // the suite took 1 847 s with Vitest's default of one, 962 s with two, and on 29 Nov 643 s with
    // two against 523 s with three (docs/decisions.md)
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    env: { NODE_ENV: "test" },
  },
});
