#!/usr/bin/env node
// `npm test`: every check and every suite. Suites that need a PostgreSQL server or Chromium are
// skipped with a plain message when the machine lacks them; with CI=true nothing may be skipped.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";

const isCI = process.env.CI === "true" || process.env.CI === "1";
const outDir = path.resolve("test-results");
fs.mkdirSync(outDir, { recursive: true });
const skipped = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** every failed test, named again at the very end: CI keeps only the tail of the log */
const failures = [];
/** the steps that ended in error (a lint, the type check, a runner that could not finish), also named at the end */
const failedSteps = [];
let ok = true;

function run(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) {
    console.error(`✖ ${label} falhou (código ${res.status})`);
    failedSteps.push(label);
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

const pgUrl = await postgresUrl();
if (!pgUrl) {
  if (isCI) {
    console.error("✖ CI=true mas não há PostgreSQL em 127.0.0.1:5432 (defina TEST_PG_URL).");
    failedSteps.push("PostgreSQL em falta");
    ok = false;
  } else {
    skipped.push(
      "testes da API em PostgreSQL: sem servidor em 127.0.0.1:5432 (defina TEST_PG_URL para os ativar)",
    );
  }
}

const chromium = chromiumPath();
if (!chromium) {
  if (isCI) {
    console.error("✖ CI=true mas não há Chromium (apt-get install chromium).");
    failedSteps.push("Chromium em falta");
    ok = false;
  } else {
    skipped.push("testes no browser (Playwright): sem Chromium (apt-get install chromium, ou CHROMIUM_PATH)");
  }
}

/**
 * The client build, the compiled server and the migrated data directory, made by the first
 * Playwright run and found ready by the second (e2e/global-setup.ts)
 */
const e2ePrepared = path.join(outDir, "e2e-prepared");
fs.rmSync(e2ePrepared, { recursive: true, force: true });

/** a Playwright run of `projects`; its JSON report in test-results/<name>.json */
function playwrightArgs(name, projects, extra = []) {
  const json = path.join(outDir, `${name}.json`);
  fs.rmSync(json, { force: true });
  return {
    json,
    args: ["playwright", "test", ...projects.map((p) => `--project=${p}`), ...extra],
    // no CHROMIUM_PATH here: set, it would override playwright.config.ts's choice of the headless
    // shell (the whole suite ran in the full chromium through `npm test` until 29 Nov)
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: json, E2E_PREPARED_DIR: e2ePrepared },
  };
}

function countPlaywright(json) {
  if (!fs.existsSync(json)) return;
  const report = JSON.parse(fs.readFileSync(json, "utf8"));
  const s = report.stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  const walk = (suite, outer) => {
    // a file's own suite is titled with its path: only describe blocks name the test
    const titles = suite.title && suite.title !== suite.file ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "unexpected") continue;
        const last = t.results?.at(-1);
        failures.push({
          where: `${spec.file}:${spec.line} [${t.projectName}]`,
          name: [...titles, spec.title].join(" › "),
          message: last?.error?.message ?? last?.errors?.[0]?.message,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
}

/*
 * Three quarters of the quality pass (every screen and dialog at four widths, both themes, axe; its
 * part in E2E_QUALITY_PART, playwright.config.ts) run on one worker beside Vitest, whose engine
 * files spend most of their first minutes waiting on real intervals (a core and more idle); the
 * rest of it and the other browser projects follow Vitest on every worker (docs/decisions.md, "The
 * quality pass beside Vitest"). Its report is printed when it ends.
 */
let quality = null;
if (chromium) {
  const run = playwrightArgs("playwright-quality", ["quality"], ["--workers=1", "--reporter=list,json"]);
  const log = path.join(outDir, "playwright-quality.log");
  const out = fs.openSync(log, "w");
  // its own artifacts folder: a run empties its folder when it starts
  const env = {
    ...process.env,
    ...run.env,
    E2E_QUALITY_PART: "beside-vitest",
    E2E_OUTPUT_DIR: path.join(outDir, "e2e-quality"),
  };
  const child = spawn("npx", run.args, { stdio: ["ignore", out, out], env });
  fs.closeSync(out); // the child holds its own copy
  quality = {
    run,
    log,
    done: new Promise((resolve) => {
      child.on("exit", (code) => resolve(code));
      child.on("error", () => resolve(1));
    }),
  };
}

// Biome and tsc after the quality part has started: tsc keeps one core busy for ~30 s, and the
// quality run's preparation (the client's build, the first start) takes the other
run("Biome (lint e formatação)", "npx", ["biome", "check", "."]);
run("TypeScript (tsc --noEmit)", "npx", ["tsc", "--noEmit", "-p", "tsconfig.json"]);

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
  for (const file of r.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
    for (const t of tests) failures.push({ where, name: t.fullName, message: t.failureMessages?.[0] });
    // a file that failed outside any test (an import, a hook) has no failed test to name
    if (file.status === "failed" && tests.length === 0)
      failures.push({ where, name: "(o ficheiro)", message: file.message });
  }
}

if (quality) {
  const rest = playwrightArgs("playwright", ["quality", "desktop", "mobile"], ["--reporter=list,json"]);
  run("Playwright (browser: Chromium)", "npx", rest.args, { ...rest.env, E2E_QUALITY_PART: "after-vitest" });
  countPlaywright(rest.json);

  console.log("\n▶ Playwright, passe de qualidade (corrido ao lado do Vitest)");
  const code = await quality.done;
  process.stdout.write(fs.readFileSync(quality.log, "utf8"));
  if (code !== 0) {
    console.error(`✖ Playwright, passe de qualidade falhou (código ${code})`);
    failedSteps.push("Playwright, passe de qualidade");
    ok = false;
  }
  countPlaywright(quality.run.json);
}

fs.rmSync(e2ePrepared, { recursive: true, force: true });

if (skipped.length) {
  console.log("\nSuites não executadas nesta máquina:");
  for (const s of skipped) console.log(`  - ${s}`);
}
if (failedSteps.length) console.log(`\nPassos que falharam: ${failedSteps.join("; ")}`);
if (failures.length) {
  console.log("\nTestes que falharam:");
  for (const f of failures) {
    console.log(`  ✖ ${f.where} › ${f.name}`);
    // the first lines of its message, without colour codes or the runners' own frames
    const lines = stripVTControlCharacters(String(f.message ?? ""))
      .split("\n")
      .filter((line) => line.trim() && !line.includes("node_modules") && !line.includes("(<anonymous>)"));
    for (const line of lines.slice(0, 8)) console.log(`      ${line}`);
  }
}
if (!ok && totals.failed === 0) totals.failed = 1; // a failed lint/typecheck/runner counts
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(ok ? 0 : 1);
