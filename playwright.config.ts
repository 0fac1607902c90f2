import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import {
  ADMIN_STATE,
  CHROMIUM_ARGS as chromiumArgs,
  FULL_CHROMIUM,
  PHONE_ONLY,
  SAME_ON_A_PHONE,
  WIDE_ONLY,
} from "./e2e/constants";

/**
 * Debian's chromium-headless-shell (the old headless mode, without the browser's UI stack and its
 * software-emulated GPU process) when installed: on a 2-core machine it ran the same tests in ~30 %
 * less time than the full chromium (docs/decisions.md, "Browser of the e2e suite")
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const executablePath =
  process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);

const specFiles = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

/**
 * Specs that open their own contexts at every width (390 to 1280 px) and often their own app: they
 * run once, in the desktop project, and the mobile project does not list them.
 */
const ALL_WIDTHS_SPECS = specFiles([
  "live-updates",
  "monitor-list",
  "narrow-desktop",
  "monitor-toolbar",
  "product-modal",
  "quality",
  "real-shapes",
  "search-monitor",
]);

/**
 * Flows that are the same on a phone (forms and lists whose phone layout is no different from what
 * quality.spec.ts checks at 390 px on every screen and dialog, light and dark): they run once, at
 * 1280 px. The phone project keeps the specs where the phone has its own way: the drawer, cards
 * instead of tables, sheets, photos, installing, the books' phone summaries.
 */
const SAME_ON_A_PHONE_SPECS = specFiles([
  "accounts",
  "api-tokens",
  "backups",
  "check-now",
  // axe on the login and the frame: the quality pass scans both at 390 px in both themes; its two
  // tests of the scanner itself have no layout
  "frame-a11y",
  "host-budgets",
  "invites",
  // the lots' and the period's flows find the same cards, pickers and dialogs at both widths (no
  // locator of theirs depends on the project)
  "item-lots",
  "languages",
  "period",
  "session-states",
  "two-factor",
  "user-preferences",
]);

const QUALITY_SPEC = specFiles(["quality"]);

/**
 * `npm test` runs three quarters of the quality pass (by time) on one worker beside Vitest, whose
 * first minutes leave the cores idle, and the rest with the other projects after it
 * (scripts/test.mjs; docs/decisions.md, "The quality pass beside Vitest"). E2E_QUALITY_PART says
 * which part a run takes; unset, the quality project runs whole.
 */
const QUALITY_BESIDE_VITEST = /cada diálogo e menu|sem dados|nomes com HTML|utilizador: cada rota/;
const qualityPart =
  process.env.E2E_QUALITY_PART === "beside-vitest"
    ? { grep: QUALITY_BESIDE_VITEST }
    : process.env.E2E_QUALITY_PART === "after-vitest"
      ? { grepInvert: QUALITY_BESIDE_VITEST }
      : {};

const desktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1280, height: 800 },
  storageState: ADMIN_STATE,
  launchOptions: { executablePath, args: chromiumArgs },
};

/**
 * e2e/global-setup.ts starts the real app (fresh data directory, engine off) on a free port and
 * exports its address as E2E_BASE_URL before any worker (which re-reads this file) starts.
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // several people may run suites at once: E2E_OUTPUT_DIR keeps their artifacts apart
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results/e2e",
  // two workers share 2 cores with the server and their browsers: a screen takes two or three times
  // what it takes alone, so CI's limits are twice the local ones (a multi-route test measured 31–34 s)
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // three workers ran the suite in 18 min where two took ~41 on CI (one was slower still: the first
  // 85 tests in 33 min). With three, both cores are busy all through (docs/decisions.md, "Where CI's
  // time goes")
  workers: process.env.CI ? 3 : undefined,
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: "pt-PT",
    timezoneId: "Europe/Lisbon",
    colorScheme: "light",
    reducedMotion: "reduce",
    // Off under CI unless E2E_TRACE is set: nobody can open a CI run's artifacts (its log's tail
    // names each failed test and its message), and recording a trace, even one dropped when the
    // test passes, cost the slow 2-core machine 15–25 % of the browser run's CPU (admin +
    // inventory-sales, both projects: 165 s of the machine's CPU without it, 194–222 s with it).
    // Elsewhere a failed test keeps its trace with the page's DOM at each step, without the
    // screencast, whose frames cost ~40 % more (docs/decisions.md, "No trace recorded under CI").
    trace:
      process.env.CI && !process.env.E2E_TRACE
        ? "off"
        : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: false },
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: chromiumArgs },
    // the app's service worker (installing, the shell without network, push) is what offline.spec
    // and push.spec test, and they allow it; elsewhere each new context registered it and fetched
    // every loaded file again for its copy: ~23 % of Chromium's CPU over a context's page loads
    serviceWorkers: "block",
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    // the longest file (every screen and dialog at four widths, ~17 min of one worker's time) first,
    // in a project of its own, its tests spread over the workers (each starts its own app for it):
    // queued last, or kept to one worker, it ran alone for its last minutes while the others idled
    { name: "quality", dependencies: ["setup"], testMatch: QUALITY_SPEC, use: desktop, ...qualityPart },
    {
      name: "desktop",
      dependencies: ["setup"],
      testIgnore: QUALITY_SPEC,
      grepInvert: new RegExp(PHONE_ONLY),
      use: desktop,
    },
    {
      name: "mobile",
      dependencies: ["setup"],
      testIgnore: [...ALL_WIDTHS_SPECS, ...SAME_ON_A_PHONE_SPECS],
      grepInvert: new RegExp(`${WIDE_ONLY}|${SAME_ON_A_PHONE}`),
      use: {
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices["Pixel 7"].userAgent,
        storageState: ADMIN_STATE,
        launchOptions: { executablePath, args: chromiumArgs },
      },
    },
  ],
});
