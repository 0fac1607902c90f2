/**
 * The browser-route figure of `npm run bench:engine` (`--browser N`, default 500; 0 skips it):
 * N browser checks of a Zara product behind the stand-in's JavaScript challenge, each in a fresh
 * page state (no pass cookie: the challenge runs, the page reloads, the adapter parses it), as many
 * at once as the pool has pages. Prints browser checks/s, CPU ms per browser check (this process,
 * which sends every request of the page, and Chromium), the pool's RSS while checks run, and the
 * pool's RSS after N checks against the cap.
 */
import { existsSync } from "node:fs";
import { FakeRetailer } from "../tools/fake-retailer.js";
import { BrowserRoute } from "../server/src/engine/browser/browser-route.js";
import { DEFAULT_CHROMIUM_PATH } from "../server/src/engine/browser/settings.js";
import { EngineHttp } from "../server/src/engine/fetch/http-client.js";
import { zara } from "../server/src/engine/platforms/zara.js";
import { CheckFailure } from "../server/src/engine/platforms/types.js";

export interface BrowserFigures {
  checks: number;
  ok: number;
  seconds: number;
  checksPerSecond: number;
  cpuMsPerCheckNode: number;
  cpuMsPerCheckChromium: number;
  poolRssMbPeak: number;
  poolRssMbAfter: number;
  capMb: number;
  launches: number;
  recycledPages: number;
  restartsForMemory: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

export async function browserBenchmark(opts: {
  checks: number;
  pages: number;
  pageUses: number;
  capMb: number;
  log: (line: string) => void;
}): Promise<BrowserFigures | null> {
  const executablePath = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  if (!existsSync(executablePath)) {
    opts.log(`browser route: skipped (no Chromium at ${executablePath})`);
    return null;
  }
  const retailer = new FakeRetailer();
  const origin = await retailer.listen();
  const http = new EngineHttp({ redirects: new Map([["https://www.zara.com", origin]]) });
  const route = new BrowserRoute(http, {
    executablePath,
    browsers: 1,
    pagesPerBrowser: opts.pages,
    pageUses: opts.pageUses,
    maxRssBytes: opts.capMb * 1024 * 1024,
    hostPaceMs: 0,
    timeoutMs: 45_000,
  });
  retailer.setProduct("900", { sizes: ["M", "L"], block: "js-challenge" });
  const host = "www.zara.com";
  // a different locale per check: the adapter reads the page, not the storefront API it learns of
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const urlOf = (i: number) =>
    `https://www.zara.com/${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}/pt/casaco-p02015602.html?v1=900`;
  const blocked = new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", host);
  const one = async (i: number) => {
    http.limiter.reportBlocked(host);
    const url = urlOf(i);
    return route.afterBlock("zara", zara, { url, productId: "900", config: {}, variants: [] }, blocked, host);
  };
  try {
    await one(10_000); // launch and warm-up, not measured
    let next = 0;
    let ok = 0;
    let peak = 0;
    const chromiumBefore = route.pool.usage()?.cpuMs ?? 0;
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: opts.pages }, async () => {
        while (next < opts.checks) {
          const i = next++;
          const outcome = await one(i);
          if ("kind" in outcome) ok++;
          if (i % 10 === 0) peak = Math.max(peak, route.pool.usage()?.rssBytes ?? 0);
          if (i > 0 && i % 100 === 0) opts.log(`  … ${i} browser checks`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const node = process.cpuUsage(nodeBefore);
    const chromium = (route.pool.usage()?.cpuMs ?? 0) - chromiumBefore;
    const after = route.pool.usage()?.rssBytes ?? 0;
    return {
      checks: opts.checks,
      ok,
      seconds: Math.round(seconds * 10) / 10,
      checksPerSecond: Math.round((opts.checks / seconds) * 100) / 100,
      cpuMsPerCheckNode: Math.round(((node.user + node.system) / 1000 / opts.checks) * 10) / 10,
      // a restart for memory loses the CPU of the closed browser: the figure is then a lower bound
      cpuMsPerCheckChromium: Math.round((Math.max(0, chromium) / opts.checks) * 10) / 10,
      poolRssMbPeak: mb(Math.max(peak, after)),
      poolRssMbAfter: mb(after),
      capMb: opts.capMb,
      launches: route.pool.stats.launches,
      recycledPages: route.pool.stats.recycledPages,
      restartsForMemory: route.pool.stats.restartsForMemory,
    };
  } finally {
    await route.close();
    await http.close();
    await retailer.close();
  }
}

export function browserLine(f: BrowserFigures): string {
  return (
    `browser  ${f.ok}/${f.checks} browser checks in ${f.seconds} s: ${f.checksPerSecond} browser checks/s · ` +
    `CPU ${f.cpuMsPerCheckNode} ms (engine) + ${f.cpuMsPerCheckChromium} ms (Chromium) per browser check · ` +
    `pool RSS ${f.poolRssMbPeak} MB at most, ${f.poolRssMbAfter} MB after ${f.checks} checks (cap ${f.capMb} MB; ` +
    `${f.launches} launches, ${f.recycledPages} pages recycled, ${f.restartsForMemory} restarts for memory)`
  );
}
