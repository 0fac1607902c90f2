#!/usr/bin/env node
// `npm test`: every check and every suite. Suites that need a PostgreSQL server or Chromium are
// skipped with a plain message when the machine lacks them; with CI=true nothing may be skipped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

const isCI = process.env.CI === "true" || process.env.CI === "1";
const outDir = path.resolve("test-results");
fs.mkdirSync(outDir, { recursive: true });
const skipped = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`✖ ${label} falhou (código ${res.status})`);
    ok = false;
  }
  return res.status === 0;
}

async function postgresUrl() {
  const url = process.env.TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((p) => p && fs.existsSync(p)) ?? null;
}

run("Biome (lint e formatação)", "npx", ["biome", "check", "."]);
run("TypeScript (tsc --noEmit)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);

const pgUrl = await postgresUrl();
if (!pgUrl) {
  if (isCI) {
    console.error("✖ CI=true mas não há PostgreSQL em 127.0.0.1:5432 (defina TEST_PG_URL).");
    ok = false;
  } else {
    skipped.push(
      "testes da API em PostgreSQL: sem servidor em 127.0.0.1:5432 (defina TEST_PG_URL para os ativar)",
    );
  }
}

const vitestJson = path.join(outDir, "vitest.json");
fs.rmSync(vitestJson, { force: true });
run(
  `Vitest (unitários, API em PGlite${pgUrl ? " e PostgreSQL" : ""}, motor)`,
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`],
  pgUrl ? { TEST_PG_URL: pgUrl } : {},
);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, "utf8"));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

const chromium = chromiumPath();
if (!chromium) {
  if (isCI) {
    console.error("✖ CI=true mas não há Chromium (apt-get install chromium).");
    ok = false;
  } else {
    skipped.push("testes no browser (Playwright): sem Chromium (apt-get install chromium, ou CHROMIUM_PATH)");
  }
} else {
  const pwJson = path.join(outDir, "playwright.json");
  fs.rmSync(pwJson, { force: true });
  // no CHROMIUM_PATH here: set, it would override playwright.config.ts's choice of the headless
  // shell (the whole suite ran in the full chromium through `npm test` until 29 Nov)
  run("Playwright (browser: Chromium)", "npx", ["playwright", "test", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (fs.existsSync(pwJson)) {
    const s = JSON.parse(fs.readFileSync(pwJson, "utf8")).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
    totals.skipped += s.skipped ?? 0;
  }
}

if (skipped.length) {
  console.log("\nSuites não executadas nesta máquina:");
  for (const s of skipped) console.log(`  - ${s}`);
}
if (!ok && totals.failed === 0) totals.failed = 1; // a failed lint/typecheck/runner counts
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
