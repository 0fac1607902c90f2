import { existsSync } from "node:fs";
import { z } from "zod";

/** The browser route's knobs; see README ("Rota do navegador") and docs/decisions.md. */
export interface BrowserSettings {
  /** the Chromium binary driven by playwright-core */
  executablePath: string;
  /** Chromium processes in the pool */
  browsers: number;
  /** pages (tabs) per browser: browser checks under way at once per browser */
  pagesPerBrowser: number;
  /** a page (and its context) is closed and replaced after this many checks */
  pageUses: number;
  /** the pool's Chromium processes together; above it the browser is restarted when idle */
  maxRssBytes: number;
  /** at most one browser check per host per this many ms */
  hostPaceMs: number;
  /** the whole browser check: waiting for a page, the challenge, the adapter's requests */
  timeoutMs: number;
}

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

const envSchema = z.object({
  /** "off" (or empty) turns the route off; default /usr/bin/chromium when that file exists */
  CHROMIUM_PATH: z.string().optional(),
  BROWSER_INSTANCES: z.coerce.number().int().min(1).max(8).default(1),
  BROWSER_PAGES: z.coerce.number().int().min(1).max(16).default(2),
  BROWSER_PAGE_USES: z.coerce.number().int().min(1).default(50),
  BROWSER_MAX_MB: z.coerce.number().int().min(64).default(768),
  BROWSER_HOST_PACE_S: z.coerce.number().min(0).default(30),
  BROWSER_TIMEOUT_S: z.coerce.number().min(1).max(300).default(45),
});

/** the paths already reported missing: the line is logged once, not on every start of a worker */
const reportedOff = new Set<string>();

/** null = the route is off (no Chromium): the engine checks over plain HTTP only, as before */
export function loadBrowserSettings(
  env: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = console.log,
): BrowserSettings | null {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const wanted = e.CHROMIUM_PATH === undefined ? DEFAULT_CHROMIUM_PATH : e.CHROMIUM_PATH.trim();
  if (!wanted || wanted === "off" || !existsSync(wanted)) {
    if (!reportedOff.has(wanted)) {
      reportedOff.add(wanted);
      log(
        wanted && wanted !== "off"
          ? `Rota do navegador desligada: Chromium não encontrado em ${wanted} (defina CHROMIUM_PATH)`
          : "Rota do navegador desligada (CHROMIUM_PATH=off)",
      );
    }
    return null;
  }
  return {
    executablePath: wanted,
    browsers: e.BROWSER_INSTANCES,
    pagesPerBrowser: e.BROWSER_PAGES,
    pageUses: e.BROWSER_PAGE_USES,
    maxRssBytes: e.BROWSER_MAX_MB * 1024 * 1024,
    hostPaceMs: e.BROWSER_HOST_PACE_S * 1000,
    timeoutMs: e.BROWSER_TIMEOUT_S * 1000,
  };
}
