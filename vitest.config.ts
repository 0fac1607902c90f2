import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@common": path.resolve(import.meta.dirname, "common"),
      "@": path.resolve(import.meta.dirname, "client/src"),
    },
  },
  test: {
    include: ["common/**/*.test.ts", "server/**/*.test.ts", "tools/**/*.test.ts", "client/src/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    env: { NODE_ENV: "test" },
  },
});
