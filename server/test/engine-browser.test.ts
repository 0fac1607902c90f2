import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { processTreeUsage } from "../src/engine/browser/process-tree.js";
import type { BrowserSettings } from "../src/engine/browser/settings.js";
import { loadBrowserSettings } from "../src/engine/browser/settings.js";
import { testBrowserSettings } from "../src/engine/browser/testing/test-settings.js";
import { createWorld, eventually, type World } from "./engine-support.js";
import { createTestDatabase, dbKinds } from "./harness.js";

const CHROMIUM = "/usr/bin/chromium";

/** two pages at once, as the default pool, each replaced after 20 checks */
const browserSettings = (change: Partial<BrowserSettings> = {}): BrowserSettings =>
  testBrowserSettings({ pagesPerBrowser: 2, pageUses: 20, ...change });

/**
 * each test (and database) its own Zara locale: the adapter remembers per locale the store id it
 * read from a page, and then asks the storefront API first
 */
const zaraUrl = (locale: string, v1: string) =>
  `https://www.zara.com/${locale}/casaco-p02015602.html?v1=${v1}`;

/** a server at a private address (loopback, not a MONITOR_REDIRECT target) that counts its visitors */
async function privateServer(): Promise<{
  origin: string;
  hits: string[];
  connections: number;
  close(): Promise<void>;
}> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    res.end("window.leaked = true;");
  });
  let connections = 0;
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe.each(dbKinds())("browser route (%s)", (kind) => {
  const locale = (country: string) => `${country}/${kind === "pglite" ? "pt" : "en"}`;
  let w: World;
  beforeAll(async () => {
    w = await createWorld(await createTestDatabase(kind));
  });
  afterEach(async () => {
    await w.reset();
    w.retailer.pageExtra = "";
    w.retailer.expirePasses();
  });
  afterAll(async () => {
    await w.close();
    await w.database.close();
  });

  it("is off when CHROMIUM_PATH points nowhere (logged once), and the engine checks over plain HTTP as before: the challenge fails as blocked", async () => {
    const lines: string[] = [];
    expect(
      loadBrowserSettings({ CHROMIUM_PATH: `/nowhere/chromium-${kind}` }, (l) => lines.push(l)),
    ).toBeNull();
    expect(
      loadBrowserSettings({ CHROMIUM_PATH: `/nowhere/chromium-${kind}` }, (l) => lines.push(l)),
    ).toBeNull();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("Rota do navegador desligada");
    expect(loadBrowserSettings({ CHROMIUM_PATH: CHROMIUM }, () => {})?.executablePath).toBe(CHROMIUM);

    w.retailer.setProduct("7001", { sizes: ["M"] });
    w.retailer.setProduct("7002", { sizes: ["M"], block: "js-challenge" });
    const open = await w.addProduct({ platform: "zara", url: zaraUrl(locale("pt"), "7001") });
    const guarded = await w.addProduct({ platform: "zara", url: zaraUrl(locale("pt"), "7002") });
    const engine = await w.start({ browser: null });
    expect(engine.browser).toBeNull();
    await eventually(async () => {
      expect((await w.product(open)).status).toBe("in_stock");
      expect((await w.product(guarded)).lastError).toBe("bloqueado");
    }, 15_000);
    expect((await w.product(guarded)).status).toBe("unknown");
    expect(w.retailer.challenges).toBeGreaterThan(0);
    expect(w.retailer.passed).toBe(0);
  });

  it("passes the challenge in Chromium with the right status and sizes, then plain checks go on with the earned cookie until the stand-in expires it", async () => {
    w.retailer.setProduct("7101", {
      sizes: ["M", "L"],
      allSizes: ["S", "M", "L"],
      price: "39.95",
      block: "js-challenge",
    });
    const id = await w.addProduct({ platform: "zara", url: zaraUrl(locale("de"), "7101") });
    const engine = await w.start({ browser: browserSettings({ hostPaceMs: 1_000 }) });
    const route = engine.browser!;

    await eventually(
      async () => {
        const p = await w.product(id);
        expect(p.status).toBe("in_stock");
        expect(JSON.parse(p.availableSizes ?? "[]").sort()).toEqual(["L", "M"]);
      },
      60_000,
      200,
    );
    expect(route.stats.ok).toBe(1);
    const [first] = (await w.activities(id)).filter((a) => a.action === "stock_check");
    expect(first.message).toBe("Em Stock · tamanhos: M, L · via browser");
    // the last check's detail ("Testar agora", the card's failure box) names the route too
    const detail = (await w.product(id)).lastCheckDetail as { route: string | null; ok: boolean };
    expect(detail.ok).toBe(true);
    expect(detail.route).toMatch(/via browser$/);
    // the plain client now carries the pass: checks are answered without the browser
    const passedBefore = w.retailer.passed;
    await eventually(() => expect(w.retailer.passed).toBeGreaterThanOrEqual(passedBefore + 3), 20_000, 100);
    expect(route.stats.ok).toBe(1);
    expect(engine.http.cookies.cookieHeader("www.zara.com", zaraUrl(locale("de"), "7101"))).toMatch(
      /sm_pass=/,
    );

    // the pass expires: the plain check is blocked again and the browser earns a new one
    const challengesBefore = w.retailer.challenges;
    w.retailer.expirePasses();
    await eventually(() => expect(route.stats.ok).toBeGreaterThanOrEqual(2), 60_000, 200);
    expect(w.retailer.challenges).toBeGreaterThan(challengesBefore);
    const passedAgain = w.retailer.passed;
    await eventually(() => expect(w.retailer.passed).toBeGreaterThanOrEqual(passedAgain + 2), 20_000, 100);
    expect((await w.product(id)).status).toBe("in_stock");

    const metrics = await (await import("prom-client")).default.register.getSingleMetricAsString(
      "stock_monitor_browser_checks_total",
    );
    expect(metrics).toMatch(/result="ok"\} [1-9]/);

    // the engine's stop closes the pool: no Chromium process of it is left
    const markers = (route.pool as unknown as { instances: { marker: string }[] }).instances.map(
      (i) => i.marker,
    );
    expect(markers.some((m) => processTreeUsage(m) !== null)).toBe(true);
    await engine.stop();
    expect(route.pool.stats.pagesOpen).toBe(0);
    for (const marker of markers) expect(processTreeUsage(marker)).toBeNull();
  }, 150_000);

  it("never lets the browser reach a private address a product page's sub-resource names", async () => {
    const leak = await privateServer();
    try {
      w.retailer.pageExtra =
        `<script src="${leak.origin}/leak.js"></script><link rel="stylesheet" href="${leak.origin}/leak.css">` +
        `<iframe src="${leak.origin}/frame"></iframe><script>fetch("${leak.origin}/xhr").catch(()=>{})</script>`;
      w.retailer.setProduct("7201", { sizes: ["S"], block: "js-challenge" });
      const id = await w.addProduct({ platform: "zara", url: zaraUrl(locale("es"), "7201") });
      // the world's 5 s lease leaves the browser under 4 s: on a loaded machine the page's
      // sub-resources came after the check's end and were dropped unsent, not refused (a flake)
      const engine = await w.start({ browser: browserSettings(), scheduler: { leaseMs: 30_000 } });
      await eventually(async () => expect((await w.product(id)).status).toBe("in_stock"), 60_000, 200);
      // the script, the style sheet and the frame were asked for, and refused; Chromium opened no
      // connection of its own either (not even a preconnect)
      await eventually(() => expect(engine.browser!.stats.refused).toBeGreaterThanOrEqual(3), 10_000);
      // the check's page given back: it has left the product page for about:blank (its scripts
      // stopped), so nothing of it is left to ask the private address for anything
      await eventually(() => expect(engine.browser!.pool.stats.busy).toBe(0), 10_000);
      expect(leak.hits).toEqual([]);
      expect(leak.connections).toBe(0);
    } finally {
      await leak.close();
    }
  }, 90_000);

  it("a check that goes on to the browser still ends before its lease does", async () => {
    w.retailer.setProduct("7401", { sizes: ["M"], block: "js-challenge" });
    const id = await w.addProduct({ platform: "zara", url: zaraUrl(locale("it"), "7401"), interval: 60_000 });
    // no pass is ever accepted: the browser's challenge loops until its time runs out (a timer
    // that forgot the passes every 20 ms could fire late on a loaded machine and let one through)
    w.retailer.refusePasses();
    try {
      const startedAt = Date.now();
      // a 10 s lease ends its checks 2,5 s early: the browser's 40 s must shrink to fit
      const engine = await w.start({
        browser: browserSettings({ timeoutMs: 40_000 }),
        scheduler: { leaseMs: 10_000, checkTimeoutMs: 15_000 },
      });
      await eventually(async () => expect((await w.product(id)).lastError).toBe("bloqueado"), 20_000, 100);
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      expect(engine.browser!.stats.checks).toBe(1);
      expect(w.retailer.challenges).toBeGreaterThan(1);
      // written once, by the lease that started it: never leased again meanwhile
      const checks = (await w.activities(id)).filter((a) => a.action === "stock_check");
      expect(checks.length).toBeLessThanOrEqual(1);
    } finally {
      w.retailer.refusePasses(false);
    }
  }, 60_000);

  it("keeps within its page count under 50 due products of a blocked host", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 50; i++) {
      const v1 = String(7300 + i);
      w.retailer.setProduct(v1, { sizes: ["M"], block: "js-challenge" });
      ids.push(await w.addProduct({ platform: "zara", url: zaraUrl(locale("fr"), v1), interval: 1000 }));
    }
    const engine = await w.start({ browser: browserSettings(), scheduler: { maxConcurrent: 50 } });
    const route = engine.browser!;
    // passes keep expiring: plain checks keep being blocked and many browser checks want a page at once
    const expiring = setInterval(() => w.retailer.expirePasses(), 700);
    try {
      await eventually(() => expect(route.stats.checks).toBeGreaterThanOrEqual(12), 90_000, 200);
    } finally {
      clearInterval(expiring);
    }
    await eventually(
      async () => {
        for (const id of ids) expect((await w.product(id)).status).toBe("in_stock");
      },
      90_000,
      500,
    );
    expect(route.pool.stats.maxBusy).toBeLessThanOrEqual(2);
    expect(route.pool.stats.maxPagesOpen).toBeLessThanOrEqual(2);
    // at least one challenge passed in the browser; on a loaded machine its cookie may serve the rest
    expect(route.stats.ok).toBeGreaterThanOrEqual(1);
  }, 240_000);
});
