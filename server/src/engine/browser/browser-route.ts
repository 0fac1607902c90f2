import type { Cookie, Page, Route } from "playwright-core";
import { CookieJars } from "../fetch/cookie-jars.js";
import type { EngineHttp } from "../fetch/http-client.js";
import { abortFailure, toCheckFailure } from "../fetch/transport.js";
import { browserCheckDuration, browserChecksTotal } from "../metrics.js";
import { CATALOGUE } from "../platforms/index.js";
import { detectChallenge } from "../platforms/support/blocks.js";
import {
  CheckFailure,
  type CheckResult,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  type PlatformAdapter,
  type ProductToCheck,
} from "../platforms/types.js";
import { BrowserPool, type PageLease } from "./pool.js";
import type { BrowserSettings } from "./settings.js";

/** resource types the browser is not let fetch: they cost time and tell nothing about stock */
const SKIPPED_RESOURCES = new Set(["image", "media", "font"]);
/** how long a block page gets to run its script and reload before its answer is taken as final */
const CHALLENGE_SETTLE_MS = 10_000;
/** how long the answering page may take to finish loading before its cookies are read */
const PAGE_LOAD_WAIT_MS = 5_000;
/** request headers the transport sets itself, or that would make it hand back compressed bytes */
const DROPPED_REQUEST_HEADERS = new Set([
  "host",
  "connection",
  "content-length",
  "accept-encoding",
  "keep-alive",
]);
/** response headers that describe the wire, not the body handed to Chromium */
const DROPPED_RESPONSE_HEADERS = new Set([
  "content-encoding",
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

/** a CookieJars that keeps nothing: the Set-Cookie lines of one exchange, for the browser to store */
class SetCookieLines extends CookieJars {
  lines: string[] = [];
  override cookieHeader(): undefined {
    return undefined;
  }
  override store(_host: string, _url: string, setCookie: string | string[] | undefined): void {
    if (setCookie) this.lines.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
  }
}

interface Document {
  status: number;
  headers: Record<string, string>;
  body: string;
  url: string;
}

export interface BrowserRouteStats {
  checks: number;
  ok: number;
  /** checks left to plain HTTP because the host had a browser check less than hostPaceMs ago */
  paced: number;
  /** requests of a page refused by the address guard (or failed on the wire, not timed out) */
  refused: number;
}

/**
 * The browser route: when a check of a browser-capable platform is blocked, the same adapter runs
 * again with a client whose GETs are page navigations in headless Chromium, so a JavaScript
 * challenge can run. Every request Chromium makes is intercepted and sent by the engine's guarded
 * transport (SSRF guard, MONITOR_REDIRECT), so the browser itself never opens a connection. On
 * success the cookies it earned go to the plain client's jar and the host's pause is lifted: the
 * next checks are plain HTTP again, until the site blocks them again.
 */
export class BrowserRoute {
  readonly pool: BrowserPool;
  readonly stats: BrowserRouteStats = { checks: 0, ok: 0, paced: 0, refused: 0 };
  private readonly lastCheckByHost = new Map<string, number>();

  constructor(
    private readonly http: EngineHttp,
    private readonly settings: BrowserSettings,
    onError?: (error: unknown) => void,
  ) {
    this.pool = new BrowserPool({ ...settings, onError });
  }

  /** a check of `platform` was blocked at `host` (already reported to the limiter): try the browser */
  async afterBlock(
    platform: string,
    adapter: PlatformAdapter,
    product: ProductToCheck,
    blocked: CheckFailure,
    host: string,
    limits: { deadline: number; signal?: AbortSignal } = { deadline: Number.POSITIVE_INFINITY },
  ): Promise<CheckResult | CheckFailure> {
    if (!CATALOGUE.isBrowserCapable(platform) || this.http.limiter.blockedFor(host) === 0) return blocked;
    const now = Date.now();
    // the browser gets its own time, but never past the check's hard end (its lease)
    const deadline = Math.min(now + this.settings.timeoutMs, limits.deadline);
    if (deadline - now < MIN_BROWSER_MS || limits.signal?.aborted) return blocked;
    const last = this.lastCheckByHost.get(host);
    if (last !== undefined && now - last < this.settings.hostPaceMs) {
      this.stats.paced++;
      return blocked;
    }
    this.lastCheckByHost.set(host, now);
    this.stats.checks++;
    const stopTimer = browserCheckDuration.startTimer();
    try {
      const { result, cookies, answered } = await untilAborted(
        this.http.limiter.run(host, this.http.limitsFor(product.url), () =>
          this.pool.withPage(deadline, (lease) => this.checkInPage(lease, adapter, product, host, deadline)),
        ),
        limits.signal,
      );
      // every host whose page the browser got: the blocked one, and those the adapter asks besides
      // (H&M's stock host, AliExpress's MTOP gateway) carry their own challenge and cookie
      for (const h of new Set([host, ...answered])) {
        this.handOverCookies(h, cookies);
        this.http.limiter.liftPause(h);
      }
      this.stats.ok++;
      browserChecksTotal.inc({ result: "ok" });
      return result.kind === "product" ? { ...result, route: "browser" } : result;
    } catch (error) {
      const failure = toCheckFailure(error);
      browserChecksTotal.inc({ result: failure.reason });
      if (failure.reason === "not_found" || failure.reason === "unexpected") return failure;
      return new CheckFailure(
        "blocked",
        `${blocked.message}; navegador: ${failure.message}`,
        host,
        blocked.wall,
      );
    } finally {
      stopTimer();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  private async checkInPage(
    lease: PageLease,
    adapter: PlatformAdapter,
    product: ProductToCheck,
    heldHost: string,
    deadline: number,
  ): Promise<{ result: CheckResult; cookies: Cookie[]; answered: string[] }> {
    const documents: Document[] = [];
    let documentArrived: (() => void) | null = null;
    lease.intercept = (route) =>
      this.forward(route, lease.page, heldHost, deadline, (doc) => {
        documents.push(doc);
        documentArrived?.();
      });
    const nextDocument = (count: number, waitMs: number) =>
      new Promise<boolean>((resolve) => {
        if (documents.length > count) return resolve(true);
        const timer = setTimeout(() => resolve(false), waitMs);
        documentArrived = () => {
          clearTimeout(timer);
          documentArrived = null;
          resolve(true);
        };
      });
    const client: HttpClient = {
      request: (req) => this.navigate(lease.page, req, documents, nextDocument, deadline),
      resetCookies: () => {
        void lease.context.clearCookies();
      },
    };
    const result = await adapter.check({ http: client, product });
    // the product page's own scripts may set cookies too (bot managers' sensors): let it load, briefly
    await lease.page
      .waitForLoadState("load", { timeout: Math.max(1, Math.min(PAGE_LOAD_WAIT_MS, deadline - Date.now())) })
      .catch(() => {});
    // the hosts that answered the adapter in the browser (past their challenge, if they had one)
    const answered = documents
      .filter((d) => isFinal(d) && d.status < 300)
      .map((d) => new URL(d.url).hostname);
    return { result, cookies: await lease.context.cookies(), answered };
  }

  /** a GET of the adapter as a navigation; its answer is the last main-frame document once settled */
  private async navigate(
    page: Page,
    req: HttpRequest,
    documents: Document[],
    nextDocument: (count: number, waitMs: number) => Promise<boolean>,
    deadline: number,
  ): Promise<HttpResponse> {
    if (req.method && req.method !== "GET") {
      throw new CheckFailure("unexpected", "A rota do navegador só faz pedidos GET");
    }
    const from = documents.length;
    const remaining = () => deadline - Date.now();
    try {
      await page.goto(req.url, { waitUntil: "commit", timeout: Math.max(1, remaining()) });
    } catch {
      // a challenge that reloads at once interrupts the navigation; the documents below tell
    }
    for (;;) {
      const last = documents.length > from ? documents[documents.length - 1] : null;
      if (last && isFinal(last)) return last;
      const left = remaining();
      if (left <= 0) {
        if (last) return last;
        throw new CheckFailure("timeout", "Tempo esgotado à espera da página no navegador");
      }
      const arrived = await nextDocument(documents.length, last ? Math.min(left, CHALLENGE_SETTLE_MS) : left);
      if (!arrived && last) return last;
    }
  }

  /**
   * answers one request of the page through the engine's transport, or refuses it. A navigation
   * (a request of the adapter, or a challenge's reload) to a host other than the blocked one, whose
   * slot the check holds, waits for that host's turn in the limiter like a plain request would.
   */
  private async forward(
    route: Route,
    page: Page,
    heldHost: string,
    deadline: number,
    onDocument: (doc: Document) => void,
  ) {
    const request = route.request();
    const url = request.url();
    const method = request.method();
    const left = deadline - Date.now();
    if (
      SKIPPED_RESOURCES.has(request.resourceType()) ||
      (method !== "GET" && method !== "POST") ||
      !/^https?:/i.test(url) ||
      left <= 0
    ) {
      await route.abort("blockedbyclient").catch(() => {});
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(await request.allHeaders())) {
      if (!name.startsWith(":") && !DROPPED_REQUEST_HEADERS.has(name)) headers[name] = value;
    }
    headers["accept-encoding"] = "identity";
    const cookies = new SetCookieLines();
    const mainDocument = isMainDocument(request, page);
    const send = () => {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new CheckFailure("timeout", "Tempo esgotado à espera da vez do site");
      return this.http.transport.send(url, {
        method,
        headers,
        body: request.postData() ?? undefined,
        timeoutMs: remaining,
        // Chromium follows redirects itself, so every hop comes back here and meets the guard
        maxRedirects: 0,
        cookies,
      });
    };
    const host = new URL(url).hostname;
    let res: HttpResponse;
    try {
      res =
        mainDocument && host !== heldHost
          ? await this.http.limiter.run(host, this.http.limitsFor(url), send)
          : await send();
    } catch (error) {
      if (!(error instanceof CheckFailure && error.reason === "timeout")) this.stats.refused++;
      await route.abort("addressunreachable").catch(() => {});
      return;
    }
    if (mainDocument) {
      onDocument({ status: res.status, headers: res.headers, body: res.body, url });
    }
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (!DROPPED_RESPONSE_HEADERS.has(name)) out[name] = value;
    }
    // playwright splits set-cookie on new lines, one cookie per line
    if (cookies.lines.length > 0) out["set-cookie"] = cookies.lines.join("\n");
    await route.fulfill({ status: res.status, headers: out, body: res.body }).catch(() => {});
  }

  /** the browser's cookies that `host` would be sent replace the plain client's jar for that host */
  private handOverCookies(host: string, cookies: Cookie[]): void {
    const mine = cookies.filter((c) => domainMatches(host, c.domain));
    this.http.cookies.reset(host);
    this.http.cookies.store(host, `https://${host}/`, mine.map(setCookieLine));
  }
}

function isMainDocument(request: ReturnType<Route["request"]>, page: Page): boolean {
  try {
    return request.isNavigationRequest() && request.frame() === page.mainFrame();
  } catch {
    return false; // a service worker's request has no frame
  }
}

/** a page the adapter can judge: an answer, a missing product, or a block no script lifts */
function isFinal(doc: Document): boolean {
  if (doc.status >= 300 && doc.status < 400) return false;
  if (doc.status === 404 || doc.status === 410) return true;
  return doc.status >= 200 && doc.status < 300 && detectChallenge(doc.body) === null;
}

/** a cookie of `domain` (".hm.com" or a host-only "ofg.hm.com") goes to `host` */
function domainMatches(host: string, domain: string): boolean {
  const d = domain.replace(/^\./, "").toLowerCase();
  return host === d || host.endsWith(`.${d}`);
}

export function setCookieLine(c: Cookie): string {
  const parts = [`${c.name}=${c.value}`, `Domain=${c.domain.replace(/^\./, "")}`, `Path=${c.path || "/"}`];
  if (c.expires > 0) parts.push(`Expires=${new Date(c.expires * 1000).toUTCString()}`);
  if (c.secure) parts.push("Secure");
  if (c.httpOnly) parts.push("HttpOnly");
  if (c.sameSite) parts.push(`SameSite=${c.sameSite}`);
  return parts.join("; ");
}

/** below this much time left, a browser try could not load a page: the check stays blocked */
const MIN_BROWSER_MS = 3_000;

/** the promise, or the signal's reason as soon as it aborts (shutdown: the page is closed with the pool) */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  promise.catch(() => {});
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortFailure(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
