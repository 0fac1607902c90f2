import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsChallengeGate } from "../../../../tools/fake-retailer.js";
import { createCheckRunner, type ProductToRun } from "../check-runner.js";
import { EngineHttp } from "../fetch/http-client.js";
import { browserCheckDuration } from "../metrics.js";
import { zara } from "../platforms/zara.js";
import { fixture } from "../platforms/testing/local-retailer.js";
import { CheckFailure, type ProductResult } from "../platforms/types.js";
import { BrowserRoute } from "./browser-route.js";
import { testBrowserSettings } from "./testing/test-settings.js";

interface Answer {
  status?: number;
  type?: string;
  headers?: Record<string, string | string[]>;
  body: string;
}

/** one retailer host played on 127.0.0.1: every request behind the stand-in's JavaScript challenge */
interface StandInHost {
  host: string;
  origin: string;
  gate: JsChallengeGate;
  /** paths asked for, before the gate (what the browser fetched at all) */
  seen: string[];
  /** the gate never admits: every pass is forgotten as soon as it is issued */
  neverPass: boolean;
  close(): Promise<void>;
}

async function standIn(
  host: string,
  answer: (path: string, req: http.IncomingMessage) => Answer | undefined,
): Promise<StandInHost> {
  const gate = new JsChallengeGate();
  const self = { host, gate, seen: [] as string[], neverPass: false } as StandInHost;
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    self.seen.push(path);
    if (self.neverPass) gate.expire();
    if (!gate.admit(req, res)) return;
    const a = answer(path, req) ?? { status: 404, body: "<html><body>Página não encontrada</body></html>" };
    res.writeHead(a.status ?? 200, {
      "content-type": a.type ?? "text/html; charset=utf-8",
      ...a.headers,
    });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  self.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  self.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return self;
}

const page = (body: string): Answer => ({ body });
const json = (body: string, headers: Record<string, string | string[]> = {}): Answer => ({
  type: "application/json; charset=utf-8",
  headers,
  body,
});

/** AliExpress's MTOP gateway: a call signed with the token of the cookie it set, else TOKEN_EMPTY */
function mtop(path: string, req: http.IncomingMessage): Answer | undefined {
  if (!path.startsWith("/h5/mtop.aliexpress.pdp.pc.query/")) return undefined;
  const token = "4f0c2b7a9e1d";
  const q = new URL(path, "http://x").searchParams;
  const sign = createHash("md5")
    .update(`${token}&${q.get("t")}&${q.get("appKey")}&${q.get("data")}`)
    .digest("hex");
  if (!(req.headers.cookie ?? "").includes(`_m_h5_tk=${token}_`) || q.get("sign") !== sign) {
    return json(fixture("aliexpress", "mtop-token-empty.jsonp"), {
      "set-cookie": [`_m_h5_tk=${token}_1767000000000; Path=/`, "_m_h5_tk_enc=abc; Path=/"],
    });
  }
  return json(fixture("aliexpress", "mtop-in-stock.jsonp"));
}

/** the product pages of the five browser-capable platforms, as their adapters' fixtures have them */
const PLATFORMS: {
  platform: string;
  url: string;
  variants?: string[];
  hosts: Record<string, (path: string, req: http.IncomingMessage) => Answer | undefined>;
  expected: Partial<ProductResult>;
}[] = [
  {
    platform: "fnac",
    url: "https://www.fnac.pt/Consola-Sony-PlayStation-5-Edicao-Standard-Consola-Consola/a8081172",
    hosts: {
      "www.fnac.pt": (p) =>
        p.endsWith("/a8081172") ? page(fixture("fnac", "page-new-in-stock.html")) : undefined,
    },
    expected: { status: "in_stock" },
  },
  {
    platform: "worten",
    url: "https://www.worten.pt/produtos/consola-ps5-slim-7196053",
    hosts: {
      "www.worten.pt": (p) =>
        p === "/produtos/consola-ps5-slim-7196053"
          ? page(fixture("worten", "page-in-stock.html"))
          : undefined,
    },
    expected: { status: "in_stock", sizes: [], source: "json-ld" },
  },
  {
    platform: "hm",
    url: "https://www2.hm.com/pt_pt/productpage.1234567001.html",
    hosts: {
      "www2.hm.com": (p) =>
        p === "/pt_pt/productpage.1234567001.html" ? page(fixture("hm", "page.html")) : undefined,
      // stock comes from another host than the page: its challenge and its cookie are its own
      "ofg.hm.com": (p) =>
        p === "/pdh-availability/v1/product/pt/availability/1234567"
          ? json(fixture("hm", "availability-in-stock.json"))
          : undefined,
    },
    expected: { status: "in_stock", source: "ofg-availability" },
  },
  {
    platform: "aliexpress",
    url: "https://pt.aliexpress.com/item/1005006543210.html",
    variants: ["Preto / L"],
    hosts: {
      "pt.aliexpress.com": (p) =>
        p === "/item/1005006543210.html" ? page(fixture("aliexpress", "page-legacy.html")) : undefined,
      "acs.aliexpress.com": mtop,
    },
    expected: { status: "low_stock", sizes: ["Preto / L"], source: "mtop-pdp" },
  },
];

const toRun = (platform: string, url: string, variants: string[] = []): ProductToRun => ({
  platform,
  url,
  productCode: "",
  config: null,
  variants: JSON.stringify(variants),
});

/**
 * The browser route for every platform the catalogue marks browser-capable (Zara is in
 * server/test/engine-browser.test.ts), on the real Chromium against stand-in hosts that let only a
 * browser through: the check runner's plain try is blocked, the browser's answers, and the next
 * plain check gets through with the cookies the browser earned, on every host the adapter uses.
 */
/** takes a host's slot in the limiter (the only one in these tests) until `release` is called */
function holdOnlySlot(client: EngineHttp, host: string, url: string) {
  let release!: () => void;
  const done = client.limiter.run(
    host,
    client.limitsFor(url),
    () =>
      new Promise<void>((r) => {
        release = r;
      }),
  );
  return { release: () => release(), done };
}

describe("browser route per platform", () => {
  const hosts = new Map<string, StandInHost>();
  let http: EngineHttp;
  let route: BrowserRoute;

  beforeAll(async () => {
    for (const p of PLATFORMS)
      for (const [host, answer] of Object.entries(p.hosts)) hosts.set(host, await standIn(host, answer));
    // a Zara page with sub-resources of every kind, for the resource-type test
    hosts.set(
      "www.zara.com",
      await standIn("www.zara.com", (p) => {
        if (p.startsWith("/pt/pt/")) {
          const extra =
            '<img src="/img/casaco.jpg"><video src="/media/clip.mp4" autoplay muted></video>' +
            "<style>@font-face{font-family:z;src:url(/fonts/z.woff2) format('woff2')}body{font-family:z}</style>" +
            '<link rel="stylesheet" href="/css/site.css"><script src="/js/app.js"></script>';
          return page(zaraPage.replace("</body>", `${extra}</body>`));
        }
        if (p === "/css/site.css") return { type: "text/css", body: "body{margin:0}" };
        if (p === "/js/app.js") return { type: "text/javascript", body: "window.app = 1;" };
        return { status: 200, type: "application/octet-stream", body: "x" };
      }),
    );
    http = new EngineHttp({
      redirects: new Map([...hosts.values()].map((h) => [`https://${h.host}`, h.origin])),
    });
    route = new BrowserRoute(http, testBrowserSettings());
  });
  afterAll(async () => {
    await route?.close();
    await http?.close();
    for (const h of hosts.values()) await h.close();
  });

  it.each(PLATFORMS.map((p) => [p.platform, p] as const))(
    "%s: blocked over plain HTTP, read in Chromium, then plain again with the earned cookies",
    async (_name, p) => {
      const check = createCheckRunner(http, undefined, route);
      const product = toRun(p.platform, p.url, p.variants);
      const mine = Object.keys(p.hosts).map((h) => hosts.get(h)!);
      const browserChecks = route.stats.ok;

      const first = await check(product, { deadline: Date.now() + 45_000 });
      expect(first).toMatchObject({ kind: "product", route: "browser", ...p.expected });
      expect(route.stats.ok).toBe(browserChecks + 1);
      // the hosts the adapter asked (AliExpress's page host only when MTOP fails) were passed
      const asked = mine.filter((h) => h.seen.length > 0);
      expect(asked.length).toBeGreaterThan(0);
      for (const h of asked) expect(h.gate.passed, h.host).toBeGreaterThan(0);

      // plain HTTP again: every host the adapter asks lets it through on the browser's pass
      const challenges = mine.map((h) => h.gate.challenges);
      const second = await check(product, { deadline: Date.now() + 15_000 });
      expect(second).toMatchObject({ kind: "product", ...p.expected });
      expect((second as ProductResult).route).toBeUndefined();
      expect(mine.map((h) => h.gate.challenges)).toEqual(challenges);
      expect(route.stats.ok).toBe(browserChecks + 1);
    },
    90_000,
  );

  it("fetches scripts and style sheets but no image, font or media", async () => {
    const zaraHost = hosts.get("www.zara.com")!;
    http.limiter.reportBlocked("www.zara.com");
    const outcome = await route.afterBlock(
      "zara",
      zara,
      {
        url: "https://www.zara.com/pt/pt/vestido-stretch-caicai-p06050324.html?v1=517756017",
        productId: "",
        config: {},
        variants: [],
      },
      new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", "www.zara.com"),
      "www.zara.com",
    );
    expect(outcome).toMatchObject({ kind: "product", route: "browser" });
    const seen = zaraHost.seen.map((s) => s.split("?")[0]);
    expect(seen).toContain("/js/app.js");
    expect(seen).toContain("/css/site.css");
    for (const skipped of ["/img/casaco.jpg", "/media/clip.mp4", "/fonts/z.woff2"])
      expect(seen).not.toContain(skipped);
  }, 60_000);

  it("gives up at its total deadline when the challenge never lets it through, and times it in /metrics", async () => {
    const worten = hosts.get("www.worten.pt")!;
    worten.neverPass = true;
    const short = new BrowserRoute(http, testBrowserSettings({ timeoutMs: 4_000 }));
    const timed = async () =>
      (await browserCheckDuration.get()).values.find((v) => v.metricName?.endsWith("_count"))?.value ?? 0;
    const countBefore = await timed();
    try {
      http.limiter.reportBlocked("www.worten.pt");
      const started = Date.now();
      const outcome = await short.afterBlock(
        "worten",
        (await import("../platforms/worten.js")).worten,
        { url: PLATFORMS[1].url, productId: "", config: {}, variants: [] },
        new CheckFailure(
          "blocked",
          "Página de verificação anti-bot (Cloudflare)",
          "www.worten.pt",
          "Cloudflare",
        ),
        "www.worten.pt",
      );
      const took = Date.now() - started;
      expect(outcome).toBeInstanceOf(CheckFailure);
      // the wall that sent the check to the browser stays named on the failure it ends with
      expect(outcome).toMatchObject({ reason: "blocked", wall: "Cloudflare" });
      expect((outcome as CheckFailure).message).toMatch(/navegador/);
      // the page's script earned a pass and reloaded into a fresh challenge (how many times fits in
      // 4 s depends on the machine: two on a loaded 2-core one), then the check stopped near its 4 s
      expect(worten.gate.challenges).toBeGreaterThanOrEqual(2);
      expect(took).toBeGreaterThanOrEqual(3_500);
      expect(took).toBeLessThan(7_000);
      expect(await timed()).toBe(countBefore + 1);
    } finally {
      worten.neverPass = false;
      await short.close();
    }
  }, 60_000);

  it("waits for the host limiter like any other check of that host", async () => {
    const strict = new EngineHttp({
      redirects: new Map([["https://www.fnac.pt", hosts.get("www.fnac.pt")!.origin]]),
      loopbackLimits: { maxConcurrent: 1, minSpacingMs: 0 },
    });
    const held = new BrowserRoute(strict, testBrowserSettings());
    const fnac = hosts.get("www.fnac.pt")!;
    try {
      const slot = holdOnlySlot(strict, "www.fnac.pt", PLATFORMS[0].url);
      strict.limiter.reportBlocked("www.fnac.pt");
      const seenBefore = fnac.seen.length;
      const outcome = held.afterBlock(
        "fnac",
        (await import("../platforms/fnac.js")).fnac,
        { url: PLATFORMS[0].url, productId: "", config: {}, variants: [] },
        new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", "www.fnac.pt"),
        "www.fnac.pt",
      );
      await new Promise((r) => setTimeout(r, 1_500));
      // the host's only slot is taken: no page was even opened, nothing was asked of the host
      expect(held.pool.stats.launches).toBe(0);
      expect(fnac.seen.length).toBe(seenBefore);
      slot.release();
      await slot.done;
      expect(await outcome).toMatchObject({ kind: "product", route: "browser" });
      expect(fnac.seen.length).toBeGreaterThan(seenBefore);
    } finally {
      await held.close();
      await strict.close();
    }
  }, 60_000);

  it("waits for the turn of a second host the adapter asks (H&M's stock host) too", async () => {
    const page = hosts.get("www2.hm.com")!;
    const stock = hosts.get("ofg.hm.com")!;
    const strict = new EngineHttp({
      redirects: new Map([
        ["https://www2.hm.com", page.origin],
        ["https://ofg.hm.com", stock.origin],
      ]),
      loopbackLimits: { maxConcurrent: 1, minSpacingMs: 0 },
    });
    const held = new BrowserRoute(strict, testBrowserSettings());
    const hmUrl = PLATFORMS[2].url;
    try {
      const slot = holdOnlySlot(strict, "ofg.hm.com", "https://ofg.hm.com/");
      strict.limiter.reportBlocked("www2.hm.com");
      const stockSeen = stock.seen.length;
      const outcome = held.afterBlock(
        "hm",
        (await import("../platforms/hm.js")).hm,
        { url: hmUrl, productId: "", config: {}, variants: [] },
        new CheckFailure("blocked", "Bloqueado pelo site (HTTP 403)", "www2.hm.com"),
        "www2.hm.com",
      );
      // Chromium starts, opens the page, and then has time enough to reach the stock host
      while (held.pool.stats.pagesOpen === 0) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 1_500));
      // the blocked host's slot is the check's own; the stock host's only slot is taken
      expect(stock.seen.length).toBe(stockSeen);
      slot.release();
      await slot.done;
      expect(await outcome).toMatchObject({ kind: "product", route: "browser", source: "ofg-availability" });
      expect(stock.seen.length).toBeGreaterThan(stockSeen);
    } finally {
      await held.close();
      await strict.close();
    }
  }, 60_000);
});

const zaraPage = fixture("zara", "page-in-stock.html");
