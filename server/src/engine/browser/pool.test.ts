import dgram from "node:dgram";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeRetailer } from "../../../../tools/fake-retailer.js";
import { EngineHttp } from "../fetch/http-client.js";
import { zara } from "../platforms/zara.js";
import { CheckFailure, type ProductResult } from "../platforms/types.js";
import { BrowserRoute } from "./browser-route.js";
import { BrowserPool } from "./pool.js";
import { processTreeUsage } from "./process-tree.js";
import type { BrowserSettings } from "./settings.js";
import { testBrowserSettings } from "./testing/test-settings.js";

const HOST = "www.zara.com";

/** the pool on its own (no database): real Chromium against the stand-in's JavaScript challenge */
describe("browser pool", () => {
  const retailer = new FakeRetailer();
  let http: EngineHttp;

  beforeAll(async () => {
    const origin = await retailer.listen();
    http = new EngineHttp({ redirects: new Map([["https://www.zara.com", origin]]) });
    retailer.setProduct("8100", { sizes: ["S", "M"], block: "js-challenge" });
  });
  afterAll(async () => {
    await http.close();
    await retailer.close();
  });

  const routeWith = (change: Partial<BrowserSettings>) => new BrowserRoute(http, testBrowserSettings(change));
  // a locale per call: the adapter then reads the page rather than the storefront API it learns of
  let calls = 0;
  const check = (route: BrowserRoute) => {
    calls++;
    http.limiter.reportBlocked(HOST);
    const locale = `${"abcdefghij"[calls % 10]}${"klmnopqrst"[Math.floor(calls / 10) % 10]}/pt`;
    return route.afterBlock(
      "zara",
      zara,
      {
        url: `https://www.zara.com/${locale}/casaco-p02015602.html?v1=8100`,
        productId: "",
        config: {},
        variants: [],
      },
      new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", HOST),
      HOST,
    );
  };

  it("replaces a page after its uses, and leaves no Chromium process behind when closed", async () => {
    const route = routeWith({ pageUses: 2 });
    for (let i = 0; i < 5; i++) {
      const outcome = (await check(route)) as ProductResult;
      expect(outcome).toMatchObject({ kind: "product", status: "in_stock", route: "browser" });
      expect(outcome.sizes).toEqual(["S", "M"]);
    }
    expect(route.pool.stats.recycledPages).toBe(2);
    expect(route.pool.stats.maxPagesOpen).toBe(1);
    expect(route.pool.usage()?.rssBytes).toBeGreaterThan(0);
    const markers = (route.pool as unknown as { instances: { marker: string }[] }).instances.map(
      (i) => i.marker,
    );
    await route.close();
    expect(route.pool.stats.pagesOpen).toBe(0);
    for (const marker of markers) expect(processTreeUsage(marker)).toBeNull();
  }, 120_000);

  it("restarts a browser whose memory passes the cap once its pages are back", async () => {
    // any Chromium passes a 1 MB cap: a check longer than the in-check watch's period is ended by it
    // (its own test), a shorter one finishes and the watch after it retires the
    // browser; either way the next check gets a browser of its own
    const route = routeWith({ maxRssBytes: 1024 * 1024 });
    try {
      await check(route);
      expect(route.pool.stats.restartsForMemory).toBe(1);
      await check(route);
      expect(route.pool.stats.launches).toBe(2);
    } finally {
      await route.close();
    }
  }, 120_000);

  it("runs only for browser-capable platforms whose host is paused, and paces each host", async () => {
    const route = routeWith({ hostPaceMs: 60_000 });
    const blocked = new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", HOST);
    const product = {
      url: "https://www.zara.com/pt/pt/x-p02015602.html?v1=8100",
      productId: "",
      config: {},
      variants: [],
    };
    try {
      expect(await route.afterBlock("nudeproject", zara, product, blocked, HOST)).toBe(blocked);
      http.limiter.liftPause(HOST);
      expect(await route.afterBlock("zara", zara, product, blocked, HOST)).toBe(blocked);
      expect(route.stats.checks).toBe(0);
      expect(await check(route)).toMatchObject({ kind: "product" });
      expect(await check(route)).toBeInstanceOf(CheckFailure);
      expect(route.stats).toMatchObject({ checks: 1, paced: 1 });
    } finally {
      await route.close();
    }
  }, 120_000);

  it("sends no UDP a page's WebRTC asks for: a STUN server on loopback hears nothing", async () => {
    const sentinel = dgram.createSocket("udp4");
    const heard: string[] = [];
    sentinel.on("message", (_msg, from) => heard.push(`${from.address}:${from.port}`));
    await new Promise<void>((r) => sentinel.bind(0, "127.0.0.1", r));
    const stun = `stun:127.0.0.1:${sentinel.address().port}`;
    const settings = testBrowserSettings();
    const pool = new BrowserPool(settings);
    try {
      const report = await pool.withPage(Date.now() + 60_000, async (lease) => {
        lease.intercept = (route) =>
          route.fulfill({ contentType: "text/html", body: "<html><body>loja</body></html>" });
        await lease.page.goto("https://www.zara.com/pt/pt/x-p1.html");
        // the probe's page: a peer connection gathering candidates from a STUN server it names;
        // it settles when gathering completes (every STUN request sent) or WebRTC is not there
        return lease.page.evaluate(
          (url) =>
            new Promise<{ webrtc: boolean; candidates: string[] }>((resolve) => {
              if (typeof RTCPeerConnection !== "function") return resolve({ webrtc: false, candidates: [] });
              const candidates: string[] = [];
              const pc = new RTCPeerConnection({ iceServers: [{ urls: url }] });
              pc.onicecandidate = (e) => {
                if (e.candidate) candidates.push(e.candidate.candidate);
              };
              pc.onicegatheringstatechange = () => {
                if (pc.iceGatheringState === "complete") resolve({ webrtc: true, candidates });
              };
              pc.createDataChannel("x");
              void pc.createOffer().then((offer) => pc.setLocalDescription(offer));
            }),
          stun,
        );
      });
      // every candidate was gathered: a STUN request, had there been one, left before this
      expect(heard).toEqual([]);
      expect(report.candidates.filter((c) => / udp /i.test(c))).toEqual([]);
    } finally {
      await pool.close();
      sentinel.close();
    }
  }, 120_000);

  it("ends a page whose browser passes the memory cap during the check, not after it", async () => {
    const pool = new BrowserPool(testBrowserSettings({ maxRssBytes: 1024 * 1024 }));
    try {
      const check = pool.withPage(Date.now() + 60_000, async (lease) => {
        lease.intercept = (route) =>
          route.fulfill({ contentType: "text/html", body: "<html><body>x</body></html>" });
        await lease.page.goto("https://www.zara.com/pt/pt/x-p1.html");
        // a page that never lets its check end: only the memory watch can stop it
        return lease.page.evaluate(() => new Promise<string>(() => {}));
      });
      await expect(check).rejects.toThrow(/limite de memória/);
      expect(pool.stats).toMatchObject({ pagesEndedForMemory: 1, restartsForMemory: 1, pagesOpen: 0 });
    } finally {
      await pool.close();
    }
  }, 120_000);
});
